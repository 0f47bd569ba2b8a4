/// A 64-bit FNV-1a hash of a vocabulary name (an action's, an endpoint's, a mutant's, an app's),
/// computed once when the value is made, so that telling two different names apart, which is
/// most comparisons, is one integer compare instead of a call into the string library. Equal
/// fingerprints still compare the names, so a collision costs time, never a wrong answer.
public enum NameFingerprint {
    public static func of(_ name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}

/// A name of the open vocabulary (an action, an endpoint, a mutant, an app id): the words
/// scenarios, the trace and reports speak. Two names are the same when their words are; each
/// carries its `NameFingerprint`, so telling two different names apart is one integer compare.
public protocol VocabularyName: Hashable, Sendable, CustomStringConvertible {
    /// The name as scenarios, the trace and reports spell it (`send-code`).
    var rawValue: String { get }
    /// `NameFingerprint.of(rawValue)`.
    var fingerprint: UInt64 { get }
}

extension VocabularyName {
    public var description: String { rawValue }

    /// The fingerprints first: most comparisons are of different names.
    @inlinable public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.fingerprint == rhs.fingerprint && lhs.rawValue == rhs.rawValue
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(fingerprint) }
}
