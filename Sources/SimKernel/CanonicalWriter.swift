/// Where a trace record's canonical text goes, piece by piece.
///
/// The trace feeds the pieces straight into its hasher, so recording an event builds no
/// `String`; reports that need the text use `CanonicalText`, which appends the same pieces.
/// Both see the same bytes, so the hash is the hash of the text.
public protocol CanonicalWriter {
    /// Appends `text` as it is.
    mutating func write(_ text: String)
    /// Appends one ASCII byte.
    mutating func write(byte: UInt8)
}

extension CanonicalWriter {
    /// Appends a fixed piece of text (`" actions=["`) byte by byte from where the compiler put
    /// it: no `String` to open for each of the dozen pieces an event's text has.
    @inlinable
    public mutating func write(literal text: StaticString) {
        let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
        for byte in bytes { write(byte: byte) }
    }

    /// Appends `value` in decimal, with a leading `-` when negative.
    @inlinable
    public mutating func write(_ value: Int64) {
        if value < 0 { write(byte: UInt8(ascii: "-")) }
        write(decimal: value.magnitude)
    }

    @inlinable
    public mutating func write(_ value: Int) { write(Int64(value)) }

    /// Appends `true` or `false`.
    @inlinable
    public mutating func write(_ value: Bool) { value ? write(literal: "true") : write(literal: "false") }

    /// Appends `value` in decimal, without a sign.
    ///
    /// Eight digits at a time, each from a division by the constant 10 (a multiply, not a
    /// division instruction), gathered in a register: every trace line carries a time.
    @inlinable
    public mutating func write(decimal value: UInt64) {
        if value >= 100_000_000 {
            write(decimal: value / 100_000_000)
            write(digitsOf: value % 100_000_000, count: 8)
            return
        }
        var count = 1
        var bound: UInt64 = 10
        while value >= bound && count < 8 { count += 1; bound &*= 10 }
        write(digitsOf: value, count: count)
    }

    /// Appends the last `count` (at most 8) decimal digits of `value`, zero-padded.
    @usableFromInline
    mutating func write(digitsOf value: UInt64, count: Int) {
        var packed: UInt64 = 0  // the most significant digit in the lowest byte
        var rest = value
        for _ in 0..<count {
            packed = packed << 8 | (UInt64(UInt8(ascii: "0")) + rest % 10)
            rest /= 10
        }
        for _ in 0..<count {
            write(byte: UInt8(truncatingIfNeeded: packed))
            packed >>= 8
        }
    }

    /// Appends `value` in decimal, left-padded with zeros to `width` digits.
    @inlinable
    public mutating func write(decimal value: UInt64, width: Int) {
        var digits = 1
        var bound: UInt64 = 10
        while value >= bound && digits < 20 { digits += 1; bound = bound &* 10 }
        for _ in digits..<max(width, digits) { write(byte: UInt8(ascii: "0")) }
        write(decimal: value)
    }
}

/// Builds a record's canonical text as a `String`: for reports, narratives and tests.
public struct CanonicalText: CanonicalWriter {
    public private(set) var text = ""

    public init() {}

    public mutating func write(_ text: String) { self.text += text }

    public mutating func write(byte: UInt8) { text.unicodeScalars.append(Unicode.Scalar(byte)) }

    /// The text that `write` writes.
    public static func build(_ write: (inout CanonicalText) -> Void) -> String {
        var writer = CanonicalText()
        write(&writer)
        return writer.text
    }

    /// The canonical text of `record`.
    public static func of(_ record: some TraceRecord) -> String {
        build { record.writeCanonical(to: &$0) }
    }
}

extension TraceHasher: CanonicalWriter {
    @inlinable
    public mutating func write(_ text: String) { combine(text) }

    @inlinable
    public mutating func write(byte: UInt8) {
        state = (state ^ UInt64(byte)) &* Self.prime
    }
}
