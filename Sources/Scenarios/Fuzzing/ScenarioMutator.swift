import SimKernel

/// A seeded mutator of scenario files, for fuzzing the decoder and the runner: it takes a valid
/// file and breaks it in one way a person or a tool might (a dropped, misspelt or repeated key; a
/// value of the wrong type; a zero, negative, huge or fractional number or duration; deep
/// nesting; a huge string; invalid UTF-8, a byte-order mark, a cut-off file).
///
/// ```swift
/// var mutator = ScenarioMutator(seed: 7)
/// let (bytes, mutation) = mutator.mutate(Array(text.utf8))
/// ```
///
/// The same seed and input give the same mutations in every process, so a failing case replays.
public struct ScenarioMutator {
    private var random: SeededRandom

    public init(seed: UInt64) { random = SeededRandom(seed: seed, stream: "fuzz") }

    /// One mutation of `bytes`, and a few words saying what it was.
    public mutating func mutate(_ bytes: [UInt8]) -> (bytes: [UInt8], mutation: String) {
        guard random.nextInt(in: 0...9) >= 2, case .success(let text) = JSONText.decode(bytes),
              let root = try? JSONParser.parse(text) else {
            return mutateBytes(bytes)
        }
        var paths: [[Step]] = []
        collect(root, at: [], into: &paths)
        let path = paths[pick(paths.count)]
        var mutation = ""
        let mutated = apply(root, along: path[...], mutation: &mutation)
        return (Array(JSONPrinter.pretty(mutated).utf8), mutation + " at " + describe(path))
    }

    /// A step into a JSON value: an object member by position, or an array element.
    enum Step { case member(Int), element(Int) }

    private mutating func pick(_ count: Int) -> Int { random.nextInt(in: 0...(count - 1)) }

    private func collect(_ value: JSONValue, at path: [Step], into paths: inout [[Step]]) {
        paths.append(path)
        switch value {
        case .object(let members):
            for (index, member) in members.enumerated() { collect(member.value, at: path + [.member(index)], into: &paths) }
        case .array(let elements):
            for (index, element) in elements.enumerated() { collect(element, at: path + [.element(index)], into: &paths) }
        default:
            break
        }
    }

    private func describe(_ path: [Step]) -> String {
        "$" + path.map { step in
            switch step {
            case .member(let index): "{\(index)}"
            case .element(let index): "[\(index)]"
            }
        }.joined()
    }

    // MARK: Byte-level mutations.

    private mutating func mutateBytes(_ bytes: [UInt8]) -> (bytes: [UInt8], mutation: String) {
        var bytes = bytes
        let offset = bytes.isEmpty ? 0 : pick(bytes.count)
        switch random.nextInt(in: 0...5) {
        case 0:
            let invalid: [[UInt8]] = [[0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]]
            bytes.insert(contentsOf: invalid[pick(invalid.count)], at: offset)
            return (bytes, "invalid UTF-8 at byte \(offset)")
        case 1:
            return ([0xEF, 0xBB, 0xBF] + bytes, "byte-order mark")
        case 2:
            return (Array(bytes.prefix(offset)), "cut off at byte \(offset)")
        case 3:
            if !bytes.isEmpty { bytes[offset] = UInt8(truncatingIfNeeded: random.next()) }
            return (bytes, "byte \(offset) replaced")
        case 4:
            bytes.insert(contentsOf: [0x00, 0x1B, 0x01], at: offset)
            return (bytes, "control characters at byte \(offset)")
        default:
            return (Array(String(repeating: "[", count: 60 + pick(5000)).utf8), "deep brackets")
        }
    }

    // MARK: Value-level mutations.

    /// Rebuilds `value` with the node at `path` mutated; when the last step is an object member,
    /// the member itself may be dropped, misspelt or repeated instead.
    private mutating func apply(_ value: JSONValue, along path: ArraySlice<Step>, mutation: inout String) -> JSONValue {
        guard let step = path.first else { return mutateNode(value, mutation: &mutation) }
        switch (step, value) {
        case (.member(let index), .object(var members)):
            if path.count == 1 && pick(3) == 0 { return .object(mutateMember(members, at: index, mutation: &mutation)) }
            members[index].value = apply(members[index].value, along: path.dropFirst(), mutation: &mutation)
            return .object(members)
        case (.element(let index), .array(var elements)):
            elements[index] = apply(elements[index], along: path.dropFirst(), mutation: &mutation)
            return .array(elements)
        default:
            return value
        }
    }

    private mutating func mutateMember(_ members: [(key: String, value: JSONValue)], at index: Int,
                                       mutation: inout String) -> [(key: String, value: JSONValue)] {
        var members = members
        let key = members[index].key
        switch pick(3) {
        case 0:
            members.remove(at: index)
            mutation = "key \"\(key)\" dropped"
        case 1:
            var letters = Array(key)
            if letters.count > 1 { letters.swapAt(0, letters.count - 1) } else { letters.append("x") }
            members[index].key = String(letters)
            mutation = "key \"\(key)\" misspelt"
        default:
            members.append(members[index])
            mutation = "key \"\(key)\" repeated"
        }
        return members
    }

    private mutating func mutateNode(_ value: JSONValue, mutation: inout String) -> JSONValue {
        switch (pick(4), value) {
        case (0, _):
            let others: [JSONValue] = [.null, .bool(true), .number("1"), .string("x"), .array([]), .object([])]
            mutation = "wrong type"
            return others[pick(others.count)]
        case (1, _):
            let depth = pick(2) == 0 ? 30 : 70
            mutation = "nested \(depth) deep"
            return (0..<depth).reduce(value) { nested, _ in .array([nested]) }
        case (_, .number):
            let numbers = ["0", "-1", "1e308", "-1e308", "99999999999999999999", "0.5", "-0", "1E2", "18446744073709551616"]
            let number = numbers[pick(numbers.count)]
            mutation = "number \(number)"
            return .number(number)
        case (_, .string(let text)) where ["ms", "s", "m", "h"].contains(where: text.hasSuffix):
            let durations = ["0s", "-1s", "0.0000001ms", "99999999h", "1e3s", "ms", "", "1.5m", "nans", "0.5ms", "1000000000000h"]
            let duration = durations[pick(durations.count)]
            mutation = "duration \"\(duration)\""
            return .string(duration)
        case (_, .string):
            let strings = [String(repeating: "a", count: 100_000), "", "ü\u{1F600}\u{202E}", "\u{01}\u{1B}[31m", "%0A,:"]
            let text = strings[pick(strings.count)]
            mutation = "string of \(text.utf8.count) bytes"
            return .string(text)
        case (_, .array(let elements)):
            mutation = pick(2) == 0 ? "array emptied" : "array repeated"
            return .array(mutation == "array emptied" ? [] : Array(repeating: elements, count: 20).flatMap { $0 })
        default:
            mutation = "replaced by null"
            return .null
        }
    }
}
