/// Suggests the closest known word for a misspelt one (edit distance).
public enum DidYouMean {
    /// The candidate nearest to `word`, if it is near enough to be a plausible typo.
    /// Time is linear in the word's length: a candidate whose length differs from the word's by
    /// more than the allowance cannot be near enough (the distance is at least that difference),
    /// so a 100,000-character value is not compared letter by letter with every key.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        let length = word.count
        let allowance = max(2, length / 3)
        let near = candidates.filter { abs($0.count - length) <= allowance }
        guard !near.isEmpty else { return nil }
        let lowered = word.lowercased()
        let scored = near.map { ($0, distance(lowered, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
        return best.1 <= allowance ? best.0 : nil
    }

    /// Levenshtein distance between two strings, over characters.
    public static func distance(_ source: String, _ target: String) -> Int {
        let source = Array(source), target = Array(target)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previous = Array(0...target.count)
        var current = Array(repeating: 0, count: target.count + 1)
        for (row, sourceCharacter) in source.enumerated() {
            current[0] = row + 1
            for (column, targetCharacter) in target.enumerated() {
                let substitution = previous[column] + (sourceCharacter == targetCharacter ? 0 : 1)
                current[column + 1] = min(previous[column + 1] + 1, current[column] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}
