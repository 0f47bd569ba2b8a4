extension Array {
    /// Removes every element that `matches`, keeping the order of the rest: what rules do with a
    /// list of open requests at each answer. `removeAll(where:)` went through the standard
    /// library's general subrange replacement, a call of its own at every answer that allocated
    /// a new buffer where the list was empty.
    mutating func removeEvery(where matches: (Element) -> Bool) {
        var position = 0
        while position < count {
            if matches(self[position]) { remove(at: position) } else { position += 1 }
        }
    }
}

extension Array where Element == Int {
    /// Removes every element equal to `value`, keeping the order of the rest.
    mutating func removeEvery(_ value: Int) { removeEvery { $0 == value } }
}
