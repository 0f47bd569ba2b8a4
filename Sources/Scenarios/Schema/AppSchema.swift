/// What an app's scenario files hold beyond every app's keys, as JSON Schema
/// (`AppPlugin.scenarioSchema`): its own `device` and `backend` sections, the definitions they
/// refer to, and its own steps and expectations. `schema --app` prints it with every app's part,
/// whose lists of routes, actions, endpoints, faults, oracles and catalogue ids come from the
/// plug-in itself (`ScenarioSchema`).
///
/// ```swift
/// var scenarioSchema: AppSchema {
///     AppSchema(device: SchemaValue.object([("session", SchemaValue.string("Whose session is in the keychain.")),
///                                           ("online", SchemaValue.boolean("false: start offline."))]),
///               backend: SchemaValue.object([("accounts", SchemaValue.array(of: SchemaValue.ref("account")))]),
///               definitions: [("account", SchemaValue.object([("email", SchemaValue.string())], required: ["email"]))])
/// }
/// ```
public struct AppSchema: Sendable {
    /// The schema of `$.device`: by default any object with `online` a boolean.
    public var device: JSONValue
    /// The schema of `$.backend`: by default any object.
    public var backend: JSONValue
    /// Definitions `device`, `backend` and `steps` refer to (`SchemaValue.ref("account")`), by name.
    public var definitions: [(name: String, schema: JSONValue)]
    /// The value each of the app's own steps (`AppPlugin.stepKinds`) takes, by kind. A kind not
    /// listed takes any value (`enterCode`: true or a code, without being listed).
    public var steps: [(kind: String, schema: JSONValue)]

    public init(device: JSONValue = AppSchema.anyDevice, backend: JSONValue = SchemaValue.anyObject(),
                definitions: [(name: String, schema: JSONValue)] = [], steps: [(kind: String, schema: JSONValue)] = []) {
        self.device = device
        self.backend = backend
        self.definitions = definitions
        self.steps = steps
    }

    /// Any `device` object, whose `online` (the key every app's phone has) is a boolean.
    public static let anyDevice = JSONValue.object([("type", .string("object")),
                                                    ("properties", .object([("online", SchemaValue.boolean("false: start offline."))]))])

    /// `device.phone` (`AppSetup.phoneContents`): what is in the phone's defaults and keychain
    /// before the first launch. Added to the `device` of every app whose world keeps them.
    public static let phone = JSONValue.object([
        ("type", .string("object")), ("additionalProperties", .bool(false)),
        ("description", .string("What is on the phone before the first launch: its UserDefaults (@AppStorage) and keychain items.")),
        ("properties", .object([
            ("defaults", .object([("type", .string("object")),
                                  ("description", .string("UserDefaults by key: any value but null (a whole number is an Int).")),
                                  ("additionalProperties", .object([("not", .object([("type", .string("null"))]))]))])),
            ("keychain", .object([("type", .string("object")),
                                  ("description", .string("Keychain items by key: a string (stored as its UTF-8 bytes) or an object or array (stored as its JSON).")),
                                  ("additionalProperties", .object([("type", .array([.string("string"), .string("object"), .string("array")]))]))])),
        ])),
    ])

    /// `device` with `phone` among its properties, when it lists properties and not `phone` already.
    func device(withPhone: Bool) -> JSONValue {
        guard withPhone, case .object(var members) = device,
              let index = members.firstIndex(where: { $0.key == "properties" }),
              case .object(var properties) = members[index].value, !properties.contains(where: { $0.key == "phone" }) else { return device }
        properties.append(("phone", Self.phone))
        members[index].value = .object(properties)
        return .object(members)
    }

    /// The value of the app's own step `kind`: what `steps` says, `enterCode`'s own, or any value.
    func step(_ kind: String) -> JSONValue {
        if let own = steps.first(where: { $0.kind == kind }) { return own.schema }
        if kind == CodeEntryStep.kind {
            return .object([("oneOf", .array([.object([("const", .bool(true))]), SchemaValue.string()])),
                            ("description", .string("The user types the newest code the app sent (true), or the newest sent to this address."))])
        }
        return .bool(true)
    }
}
