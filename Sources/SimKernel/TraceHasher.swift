/// A 64-bit FNV-1a hash, fed incrementally with the canonical text of a trace.
///
/// Unlike `hashValue`, which Swift seeds per process, this hash is the same in every
/// process and on every machine, so two people can compare runs by one string.
public struct TraceHasher: Sendable, Equatable {
    @usableFromInline static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    @usableFromInline static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash so far (kept under an internal name: the writes are inlinable).
    @usableFromInline var state: UInt64 = TraceHasher.offsetBasis

    /// The hash of everything combined so far.
    public var value: UInt64 { state }

    public init() {}

    @inlinable
    public mutating func combine(_ text: String) {
        var hash = state
        // Native strings are contiguous UTF-8: no copy, no per-byte index arithmetic.
        let contiguous: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* Self.prime }
        }
        if contiguous == nil {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* Self.prime }
        }
        state = hash
    }

    /// The hash as exactly 16 lowercase hex digits.
    public var hexDigits: String { Self.hex(value) }

    /// FNV-1a of one string.
    public static func fnv1a(_ text: String) -> UInt64 {
        var hasher = TraceHasher()
        hasher.combine(text)
        return hasher.value
    }

    /// `value` as exactly 16 lowercase hex digits.
    public static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
