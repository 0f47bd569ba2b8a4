/// Reads a `JSONValue` into an app's own `Decodable` type, the way `JSONDecoder` reads data, but
/// keeping where each value is: a value of the wrong kind, a missing key or a key the type does
/// not read is a problem at its JSON path (`$.device.grantsLocation`), as the scenario decoder
/// reports its own. What a plug-in's `device` and `backend` sections decode through
/// (`AppSetup.device(_:)`, `AppSetup.problems(device:backend:)`).
///
/// ```swift
/// struct DoorDevice: Decodable { var locked: Bool?; var visitors: [String]? }
/// let problems = JSONValueDecoder.problems(of: DoorDevice.self, from: value, at: "$.device")
/// ```
public enum JSONValueDecoder {
    /// `value` read as `type`, or the first problem reading it.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, at path: String) -> Result<T, AppSetupProblem> {
        let reading = Reading()
        do {
            return .success(try T(from: ValueDecoder(value: value, path: [], reading: reading)))
        } catch let error as DecodingError {
            return .failure(problem(error, root: path))
        } catch {
            return .failure(AppSetupProblem(path: path, message: "\(error)"))
        }
    }

    /// Every problem reading `value` as `type`: the first one that stops it, or else each key
    /// of an object the type never asked for (a typo that would pass silently otherwise).
    public static func problems<T: Decodable>(of type: T.Type, from value: JSONValue, at path: String) -> [AppSetupProblem] {
        let reading = Reading()
        do {
            _ = try T(from: ValueDecoder(value: value, path: [], reading: reading))
        } catch let error as DecodingError {
            return [problem(error, root: path)]
        } catch {
            return [AppSetupProblem(path: path, message: "\(error)")]
        }
        return reading.objects.flatMap { object in
            object.keys.filter { !object.asked.contains($0) }.map { key in
                AppSetupProblem(path: render(object.path, root: path) + ".\(key)", message: "unknown key \"\(key)\"",
                                suggestion: object.asked.isEmpty ? "remove it" : "one of: " + object.asked.joined(separator: ", "))
            }
        }
    }

    /// `root` followed by the coding path: `$.device.accounts[0].email`.
    static func render(_ path: [any CodingKey], root: String) -> String {
        path.reduce(root) { text, key in key.intValue.map { text + "[\($0)]" } ?? text + ".\(key.stringValue)" }
    }

    static func problem(_ error: DecodingError, root: String) -> AppSetupProblem {
        switch error {
        case .typeMismatch(let type, let context):
            return AppSetupProblem(path: render(context.codingPath, root: root), message: "expected \(wanted(type)), \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return AppSetupProblem(path: render(context.codingPath, root: root), message: "expected \(wanted(type)), found null")
        case .keyNotFound(let key, let context):
            return AppSetupProblem(path: render(context.codingPath, root: root), message: "missing \"\(key.stringValue)\"",
                                   suggestion: "add \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            return AppSetupProblem(path: render(context.codingPath, root: root), message: context.debugDescription)
        @unknown default:
            return AppSetupProblem(path: root, message: "\(error)")
        }
    }

    static func wanted(_ type: Any.Type) -> String {
        switch type {
        case is Bool.Type: "true or false"
        case is String.Type: "a string"
        case is Double.Type, is Float.Type: "a number"
        case is any BinaryInteger.Type: "a whole number"
        case is [String: Any].Type, is KeyedDecodingContainer<AnyKey>.Type: "an object"
        case is [Any].Type, is UnkeyedDecodingContainer.Protocol: "an array"
        default: "\(type)"
        }
    }

    /// The objects read so far, with the keys each has and the keys the type asked for.
    final class Reading {
        var objects: [(path: [any CodingKey], keys: [String], asked: [String])] = []
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { (self.stringValue, self.intValue) = (stringValue, nil) }
        init(intValue: Int) { (self.stringValue, self.intValue) = ("\(intValue)", intValue) }
    }
}

extension JSONValueDecoder {
    struct ValueDecoder: Decoder {
        let value: JSONValue
        let path: [any CodingKey]
        let reading: Reading
        var codingPath: [any CodingKey] { path }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(value: JSONValue, path: [any CodingKey], reading: Reading) {
            (self.value, self.path, self.reading) = (value, path, reading)
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard case .object(let members) = value else {
                throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: path, debugDescription: "found \(value.kindName)"))
            }
            reading.objects.append((path, members.map(\.key), []))
            return KeyedDecodingContainer(Keyed<Key>(members: members, path: path, reading: reading, slot: reading.objects.count - 1))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let items) = value else {
                throw DecodingError.typeMismatch([Any].self, .init(codingPath: path, debugDescription: "found \(value.kindName)"))
            }
            return Unkeyed(items: items, path: path, reading: reading)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(value: value, path: path, reading: reading) }
    }

    struct Single: SingleValueDecodingContainer {
        let value: JSONValue
        let path: [any CodingKey]
        let reading: Reading
        var codingPath: [any CodingKey] { path }

        func decodeNil() -> Bool { value == .null }

        func mismatch(_ type: Any.Type) -> DecodingError {
            value == .null ? .valueNotFound(type, .init(codingPath: path, debugDescription: "found null"))
                : .typeMismatch(type, .init(codingPath: path, debugDescription: "found \(value.kindName)"))
        }

        func decode(_ type: Bool.Type) throws -> Bool {
            guard case .bool(let flag) = value else { throw mismatch(type) }
            return flag
        }
        func decode(_ type: String.Type) throws -> String {
            guard case .string(let text) = value else { throw mismatch(type) }
            return text
        }
        func decode(_ type: Double.Type) throws -> Double {
            guard case .number(let text) = value, let number = Double(text) else { throw mismatch(type) }
            return number
        }
        func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
        func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
            guard case .number(let text) = value else { throw mismatch(type) }
            guard let number = T(text) else {
                throw DecodingError.typeMismatch(type, .init(codingPath: path, debugDescription: "found \(text)"))
            }
            return number
        }
        func decode(_ type: Int.Type) throws -> Int { try integer(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: ValueDecoder(value: value, path: path, reading: reading)) }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(key: String, value: JSONValue)]
        let path: [any CodingKey]
        let reading: Reading
        let slot: Int
        var codingPath: [any CodingKey] { path }
        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        func asked(_ key: Key) {
            if !reading.objects[slot].asked.contains(key.stringValue) { reading.objects[slot].asked.append(key.stringValue) }
        }

        func contains(_ key: Key) -> Bool {
            asked(key)
            return members.contains { $0.key == key.stringValue }
        }

        func value(for key: Key) throws -> JSONValue {
            asked(key)
            guard let member = members.first(where: { $0.key == key.stringValue }) else {
                throw DecodingError.keyNotFound(key, .init(codingPath: path, debugDescription: "missing"))
            }
            return member.value
        }

        func single(_ key: Key) throws -> Single { Single(value: try value(for: key), path: path + [key], reading: reading) }

        func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try single(key).decode(type) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try single(key).decode(type) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try single(key).decode(type) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try single(key).decode(type) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try single(key).decode(type) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try single(key).decode(type) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try single(key).decode(type) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try single(key).decode(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try single(key).decode(type) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try single(key).decode(type) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try single(key).decode(type) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try single(key).decode(type) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try single(key).decode(type) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try single(key).decode(type) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try single(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try ValueDecoder(value: try value(for: key), path: path + [key], reading: reading).container(keyedBy: type)
        }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ValueDecoder(value: try value(for: key), path: path + [key], reading: reading).unkeyedContainer()
        }
        func superDecoder() throws -> any Decoder {
            ValueDecoder(value: .object(members), path: path, reading: reading)
        }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            ValueDecoder(value: try value(for: key), path: path + [key], reading: reading)
        }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let items: [JSONValue]
        let path: [any CodingKey]
        let reading: Reading
        var currentIndex = 0
        var codingPath: [any CodingKey] { path }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        mutating func next() throws -> ValueDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(JSONValue.self, .init(codingPath: path, debugDescription: "the array has no more values"))
            }
            defer { currentIndex += 1 }
            return ValueDecoder(value: items[currentIndex], path: path + [AnyKey(intValue: currentIndex)], reading: reading)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: try next()) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }
}
