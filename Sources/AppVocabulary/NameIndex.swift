/// An app's names numbered once, when it registers (interning): `position(of:)` answers with
/// one masked load and one integer compare, as fast for a team's names as for the bundled apps'.
/// A slot table indexed by the low bits of each name's fingerprint, sized until no two of the
/// names share a slot (a linear search past 4,096 slots, which no real list reaches).
///
/// ```swift
/// let index = NameIndex([UserAction("open"), UserAction("close")])
/// index.position(of: UserAction("close"))   // 1
/// index.position(of: UserAction("knock"))   // nil
/// ```
public struct NameIndex<Name: VocabularyName>: Sendable {
    /// The names, in their given order: position `i` is `names[i]`.
    public let names: [Name]
    @usableFromInline let fingerprints: [UInt64]
    /// Per slot, the position of the name whose fingerprint's low bits select it, or -1.
    @usableFromInline let slots: [Int32]
    @usableFromInline let mask: UInt64

    public init(_ names: [Name]) {
        self.names = names
        fingerprints = names.map(\.fingerprint)
        var size = 16
        while size < 4 * max(names.count, 1) { size *= 2 }
        while size <= 4_096 {
            var table = [Int32](repeating: -1, count: size)
            let mask = UInt64(size - 1)
            let fits = names.indices.allSatisfy { position in
                let slot = Int(names[position].fingerprint & mask)
                guard table[slot] < 0 else { return false }
                table[slot] = Int32(position)
                return true
            }
            if fits {
                (slots, self.mask) = (table, mask)
                return
            }
            size *= 2
        }
        (slots, mask) = ([], 0)
    }

    /// The position of `name` in `names`, or nil if it is not one of them.
    @inlinable public func position(of name: Name) -> Int? {
        guard !slots.isEmpty else { return names.firstIndex(of: name) }
        let position = Int(slots[Int(name.fingerprint & mask)])
        guard position >= 0, fingerprints[position] == name.fingerprint, names[position].rawValue == name.rawValue else { return nil }
        return position
    }

    public var count: Int { names.count }
}
