/// JSON Schema (2020-12) values as Swift builds them: what `ScenarioSchema` prints and what a
/// plug-in writes for its own sections (`AppSchema`), so that a key's list of values comes from
/// the same Swift list the decoder reads and cannot drift from it.
///
/// ```swift
/// let device = SchemaValue.object([
///     ("session", SchemaValue.nullableString("The account whose session is in the keychain.")),
///     ("online", SchemaValue.boolean("false: start offline.")),
/// ])
/// ```
public enum SchemaValue {
    /// An object that takes exactly `properties` (a misspelt key is refused, as the decoder does),
    /// `required` among them.
    public static func object(_ properties: [(String, JSONValue)], required: [String] = [], description: String? = nil,
                              extra: [(String, JSONValue)] = []) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("type", .string("object")), ("additionalProperties", .bool(false))]
        if let description { members.append(("description", .string(description))) }
        members.append(("properties", .object(properties.map { (key: $0.0, value: $0.1) })))
        if !required.isEmpty { members.append(("required", strings(required))) }
        members += extra.map { (key: $0.0, value: $0.1) }
        return .object(members)
    }

    /// Any object: a section whose keys the tool does not know.
    public static func anyObject(_ description: String? = nil) -> JSONValue {
        described(.object([("type", .string("object"))]), description)
    }

    /// One of `values`.
    public static func oneOf(_ values: [String], _ description: String? = nil) -> JSONValue {
        described(.object([("enum", strings(values))]), description)
    }

    public static func boolean(_ description: String? = nil) -> JSONValue {
        described(.object([("type", .string("boolean"))]), description)
    }

    public static func string(_ description: String? = nil) -> JSONValue {
        described(.object([("type", .string("string"))]), description)
    }

    /// A string or `null`.
    public static func nullableString(_ description: String? = nil) -> JSONValue {
        described(.object([("type", strings(["string", "null"]))]), description)
    }

    /// A whole number in `range`.
    public static func integer(_ range: ClosedRange<Int64>, _ description: String? = nil) -> JSONValue {
        described(.object([("type", .string("integer")), ("minimum", .number(String(range.lowerBound))),
                           ("maximum", .number(String(range.upperBound)))]), description)
    }

    /// An array of `items`.
    public static func array(of items: JSONValue, _ description: String? = nil) -> JSONValue {
        described(.object([("type", .string("array")), ("items", items)]), description)
    }

    /// A reference to the definition `name` of the same document (`#/$defs/name`).
    public static func ref(_ name: String, _ description: String? = nil) -> JSONValue {
        described(.object([("$ref", .string(reference(to: name)))]), description)
    }

    /// `true` or `{}`: a step or switch that takes no value (`{"kill": true}`).
    public static func writeTrue(_ description: String = "Write true.") -> JSONValue {
        .object([("oneOf", .array([.object([("const", .bool(true))]),
                                   .object([("type", .string("object")), ("maxProperties", .number("0"))])])),
                 ("description", .string(description))])
    }

    /// A duration with a unit (`"2s"`), or one longer than zero.
    public static func duration(positive: Bool = false, _ description: String? = nil) -> JSONValue {
        ref(positive ? "positiveDuration" : "duration", description)
    }

    /// `value` with `description` added, when there is one.
    public static func described(_ value: JSONValue, _ description: String?) -> JSONValue {
        guard let description, case .object(var members) = value else { return value }
        members.append(("description", .string(description)))
        return .object(members)
    }

    static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    static let definitionsPrefix = "#/$defs/"
    static func reference(to name: String) -> String { definitionsPrefix + name }
}
