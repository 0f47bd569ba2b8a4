import Foundation
import Scenarios

/// A small JSON Schema 2020-12 validator: the keywords the project's schemas use, no more, for
/// the tests that show the schemas and the decoders agree. It follows the specification where
/// the decoders do not: numbers compare by value (`1.0` is the integer 1), a pattern searches
/// (anchor it to match the whole string), lengths count code points. A keyword it does not know
/// stops the check, so a schema cannot quietly rely on something this validator ignores.
struct MiniJSONSchema {
    let root: JSONValue
    /// Each pattern compiled once.
    private let patterns = PatternCache()

    final class PatternCache {
        var compiled: [String: NSRegularExpression] = [:]

        func expression(_ pattern: String) throws -> NSRegularExpression {
            if let known = compiled[pattern] { return known }
            let expression = try NSRegularExpression(pattern: pattern)
            compiled[pattern] = expression
            return expression
        }
    }

    struct UnknownKeyword: Error, CustomStringConvertible {
        let keyword: String
        var description: String { "the schema uses \"\(keyword)\", which MiniJSONSchema does not check" }
    }

    init(text: String) throws { root = try JSONParser.parse(text) }

    /// What is wrong with `instance`, one line per problem (`$.path: message`); empty when valid.
    func problems(of instance: JSONValue) throws -> [String] {
        var found: [String] = []
        try check(instance, against: root, at: "$", into: &found)
        return found
    }

    /// Keywords that only describe; they never reject anything.
    static let annotations: Set<String> = ["$schema", "$id", "$defs", "title", "description", "default", "examples"]

    private func check(_ instance: JSONValue, against schema: JSONValue, at path: String, into found: inout [String]) throws {
        switch schema {
        case .bool(true): return
        case .bool(false): found.append("\(path): no value is allowed here"); return
        case .object(let keywords):
            for (keyword, value) in keywords where !Self.annotations.contains(keyword) {
                try apply(keyword, value, in: keywords, to: instance, at: path, into: &found)
            }
        default:
            found.append("\(path): the schema here is neither an object nor a boolean")
        }
    }

    private func valid(_ instance: JSONValue, against schema: JSONValue, at path: String) throws -> Bool {
        var found: [String] = []
        try check(instance, against: schema, at: path, into: &found)
        return found.isEmpty
    }

    private func apply(_ keyword: String, _ value: JSONValue, in keywords: [(key: String, value: JSONValue)],
                       to instance: JSONValue, at path: String, into found: inout [String]) throws {
        switch keyword {
        case "$ref":
            guard case .string(let reference) = value, let target = resolve(reference) else {
                found.append("\(path): cannot resolve $ref \(value)"); return
            }
            try check(instance, against: target, at: path, into: &found)
        case "type":
            let names: [String] = switch value {
            case .string(let name): [name]
            case .array(let names): names.compactMap { if case .string(let name) = $0 { name } else { nil } }
            default: []
            }
            if !names.contains(where: { Self.instance(instance, hasType: $0) }) {
                found.append("\(path): expected \(names.joined(separator: " or ")), found \(instance.kindName)")
            }
        case "const":
            if !Self.equal(instance, value) { found.append("\(path): expected \(value)") }
        case "enum":
            guard case .array(let options) = value else { return }
            if !options.contains(where: { Self.equal(instance, $0) }) { found.append("\(path): not one of the allowed values") }
        case "minimum", "maximum":
            guard case .number(let bound) = value, case .number(let text) = instance,
                  let number = ExactNumber(text), let limit = ExactNumber(bound) else { return }
            if keyword == "minimum" ? number < limit : limit < number {
                found.append("\(path): \(text) is \(keyword == "minimum" ? "below" : "above") \(bound)")
            }
        case "pattern":
            guard case .string(let pattern) = value, case .string(let text) = instance else { return }
            let expression = try patterns.expression(pattern)
            if expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                found.append("\(path): does not match \(pattern)")
            }
        case "minLength", "maxLength":
            guard case .string(let text) = instance, let bound = Self.count(value) else { return }
            let length = text.unicodeScalars.count
            if keyword == "minLength" ? length < bound : length > bound { found.append("\(path): length \(length) breaks \(keyword) \(bound)") }
        case "items", "minItems", "maxItems":
            guard case .array(let elements) = instance else { return }
            try checkArray(elements, keyword, value, at: path, into: &found)
        case "properties", "additionalProperties", "propertyNames", "required", "minProperties", "maxProperties",
             "dependentRequired":
            guard case .object(let members) = instance else { return }
            try checkObject(members, keyword, value, in: keywords, at: path, into: &found)
        case "allOf", "anyOf", "oneOf":
            guard case .array(let schemas) = value else { return }
            let passing = try schemas.filter { try valid(instance, against: $0, at: path) }.count
            let ok = keyword == "allOf" ? passing == schemas.count : keyword == "anyOf" ? passing >= 1 : passing == 1
            if !ok { found.append("\(path): \(passing) of \(schemas.count) subschemas match (\(keyword))") }
        case "not":
            if try valid(instance, against: value, at: path) { found.append("\(path): matches a schema it must not") }
        case "if":
            let branch = try valid(instance, against: value, at: path) ? "then" : "else"
            if let next = keywords.first(where: { $0.key == branch })?.value { try check(instance, against: next, at: path, into: &found) }
        case "then", "else":
            return  // applied by "if"
        default:
            throw UnknownKeyword(keyword: keyword)
        }
    }

    private func checkArray(_ elements: [JSONValue], _ keyword: String, _ value: JSONValue, at path: String,
                            into found: inout [String]) throws {
        switch keyword {
        case "items":
            for (index, element) in elements.enumerated() { try check(element, against: value, at: "\(path)[\(index)]", into: &found) }
        default:
            guard let bound = Self.count(value) else { return }
            if keyword == "minItems" ? elements.count < bound : elements.count > bound {
                found.append("\(path): \(elements.count) items breaks \(keyword) \(bound)")
            }
        }
    }

    private func checkObject(_ members: [(key: String, value: JSONValue)], _ keyword: String, _ value: JSONValue,
                             in keywords: [(key: String, value: JSONValue)], at path: String, into found: inout [String]) throws {
        let keys = members.map(\.key)
        switch keyword {
        case "properties":
            guard case .object(let properties) = value else { return }
            for (key, schema) in properties {
                if let member = members.first(where: { $0.key == key }) { try check(member.value, against: schema, at: "\(path).\(key)", into: &found) }
            }
        case "additionalProperties":
            var named: [String] = []
            if case .object(let properties)? = keywords.first(where: { $0.key == "properties" })?.value { named = properties.map(\.key) }
            for member in members where !named.contains(member.key) {
                try check(member.value, against: value, at: "\(path).\(member.key)", into: &found)
            }
        case "propertyNames":
            for key in keys { try check(.string(key), against: value, at: "\(path).\(key) (its name)", into: &found) }
        case "required":
            guard case .array(let names) = value else { return }
            for case .string(let name) in names where !keys.contains(name) { found.append("\(path): missing \"\(name)\"") }
        case "dependentRequired":
            guard case .object(let dependencies) = value else { return }
            for (key, needed) in dependencies where keys.contains(key) {
                guard case .array(let names) = needed else { continue }
                for case .string(let name) in names where !keys.contains(name) {
                    found.append("\(path): \"\(key)\" needs \"\(name)\"")
                }
            }
        default:
            guard let bound = Self.count(value) else { return }
            if keyword == "minProperties" ? keys.count < bound : keys.count > bound {
                found.append("\(path): \(keys.count) members breaks \(keyword) \(bound)")
            }
        }
    }

    /// A `#/…` JSON Pointer into this schema.
    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#") else { return nil }
        var value = root
        for token in reference.dropFirst().split(separator: "/", omittingEmptySubsequences: true) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard case .object(let members) = value, let next = members.first(where: { $0.key == key })?.value else { return nil }
            value = next
        }
        return value
    }

    private static func count(_ value: JSONValue) -> Int? {
        if case .number(let text) = value { Int(text) } else { nil }
    }

    private static func instance(_ value: JSONValue, hasType name: String) -> Bool {
        switch (name, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            true
        case ("integer", .number(let text)):
            ExactNumber(text)?.isInteger ?? false
        default:
            false
        }
    }

    /// JSON Schema equality: numbers by value, objects whatever their key order.
    static func equal(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            guard let x = ExactNumber(x), let y = ExactNumber(y) else { return false }
            return x == y
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { member in y.contains { $0.key == member.key && equal($0.value, member.value) } }
        default:
            return a == b
        }
    }
}

/// A JSON number's exact value, of any size: significant digits and the decimal point's place
/// (value = 0.d₁d₂d₃… × 10^point), so `1E2`, `100` and `100.0` are equal and `1e308` is not a Double.
struct ExactNumber: Comparable {
    let negative: Bool
    let digits: [UInt8]
    let point: Int

    init?(_ text: String) {
        var rest = Substring(text)
        let sign = rest.hasPrefix("-")
        if sign { rest = rest.dropFirst() }
        let mantissa = rest.prefix { $0 != "e" && $0 != "E" }
        let exponentText = rest.dropFirst(mantissa.count + 1)
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard let whole = parts.first, parts.count <= 2 else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        var all = (whole + fraction).compactMap { $0.asciiValue.map { $0 - 48 } }
        guard all.count == whole.count + fraction.count, all.allSatisfy({ $0 <= 9 }) else { return nil }
        var exponent = 0
        if mantissa.count < rest.count {
            guard let parsed = Int(exponentText), abs(parsed) < 1_000_000_000 else { return nil }
            exponent = parsed
        }
        var point = whole.count + exponent
        while all.first == 0 { all.removeFirst(); point -= 1 }
        while all.last == 0 { all.removeLast() }
        digits = all
        self.point = all.isEmpty ? 0 : point
        negative = sign && !all.isEmpty
    }

    var isInteger: Bool { digits.count <= point || digits.isEmpty }

    static func < (a: ExactNumber, b: ExactNumber) -> Bool {
        if a.negative != b.negative { return a.negative }
        return a.negative ? magnitudeLess(b, a) : magnitudeLess(a, b)
    }

    private static func magnitudeLess(_ a: ExactNumber, _ b: ExactNumber) -> Bool {
        if a.digits.isEmpty || b.digits.isEmpty { return a.digits.isEmpty && !b.digits.isEmpty }
        if a.point != b.point { return a.point < b.point }
        return a.digits.lexicographicallyPrecedes(b.digits)
    }
}
