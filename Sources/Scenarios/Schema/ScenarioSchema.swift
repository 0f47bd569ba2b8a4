import AppVocabulary
import Oracles

/// The JSON Schema of an app's scenario files, built from its plug-in: every app's keys with the
/// app's own routes, actions, endpoints, fault kinds, timeouts, oracles, budgets and catalogue
/// ids, and its own sections and steps (`AppPlugin.scenarioSchema`). What `schema --app` prints,
/// so a team's editor checks its files as ours does; `docs/scenario.schema.json` is the bundled
/// apps' (`document(for:)` with both), and a test keeps it equal to what this prints.
public enum ScenarioSchema {
    /// The schema of `apps`' files (registered plug-ins). One app: its definitions by their
    /// names. Several: each app's under `<id>.` (`pickup.step`), and `$.app` chooses; a file
    /// that names no app is the default app's (`AppRegistry.defaultApp`).
    public static func document(for apps: [AppID]) -> JSONValue {
        let single = apps.count == 1
        var definitions: [(key: String, value: JSONValue)] = shared
        for app in apps {
            let prefix = single ? "" : app.rawValue + "."
            definitions += AppDefinitions(app: app, prefix: prefix).all.map { (key: prefix + $0.0, value: $0.1) }
        }
        let id = single ? apps[0].rawValue + ".schema.json" : "scenario.schema.json"
        let what = apps.map(\.rawValue).joined(separator: ", ")
        var members: [(key: String, value: JSONValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://onboarding-sim.local/" + id)),
            ("title", .string("\(ToolName.current) scenario")),
            ("description", .string("One scenario file of \(ToolName.current) for \(single ? "the app" : "the apps") \(what), as its "
                                    + "`schema` command prints it. Every key is documented in onboarding-sim's docs/scenario-format.md.")),
        ]
        members.append(("$ref", .string(SchemaValue.reference(to: "scenario"))))
        if !single { definitions.insert((key: "scenario", value: chooser(apps)), at: shared.count) }
        members.append(("$defs", .object(definitions)))
        return .object(members)
    }

    /// `document(for:)` as a file holds it: indented, with a final newline.
    public static func text(for apps: [AppID]) -> String { JSONPrinter.pretty(document(for: apps)) + "\n" }

    /// Every app's scenario in a document of several: the app it names chooses its definition.
    private static func chooser(_ apps: [AppID]) -> JSONValue {
        let branches: [JSONValue] = apps.map { app in
            var condition: [(key: String, value: JSONValue)] = [("properties", .object([("app", .object([("const", .string(app.rawValue))]))]))]
            if app != AppRegistry.defaultApp { condition.append(("required", SchemaValue.strings(["app"]))) }
            return .object([("if", .object(condition)), ("then", SchemaValue.ref(app.rawValue + ".scenario"))])
        }
        return .object([("type", .string("object")),
                        ("properties", .object([("app", SchemaValue.oneOf(apps.map(\.rawValue),
                                                                            "The app the scenario runs (default \(AppRegistry.defaultApp.rawValue)).")),
                                                ])),
                        ("allOf", .array(branches))])
    }

    /// The definitions every app's part refers to by their own names.
    static let shared: [(key: String, value: JSONValue)] = [
        ("duration", .object([("type", .string("string")), ("pattern", .string("^[0-9]+(\\.[0-9]{1,6})?(ms|s|m|h)$")),
                              ("description", .string("A duration with a unit: \"250ms\", \"2s\", \"1.5m\", \"1h\" (at most six decimals, at most about three years)."))])),
        ("positiveDuration", .object([("type", .string("string")), ("pattern", .string("^(?=[0-9.]*[1-9])[0-9]+(\\.[0-9]{1,6})?(ms|s|m|h)$")),
                                      ("description", .string("A duration longer than 0, such as \"1s\"."))])),
        ("latency", SchemaValue.object([("min", SchemaValue.duration()), ("max", SchemaValue.duration())])),
        ("limits", SchemaValue.object([("virtualTime", SchemaValue.duration(positive: true, "The run's virtual time at most (default 4h)."))])),
        ("freeUser", SchemaValue.object([
            ("email", SchemaValue.string("Who the user is.")),
            ("returning", SchemaValue.boolean("true: the user has an account and takes Log in.")),
            ("otherEmail", SchemaValue.string("Who signs in after a sign-out as another user.")),
            ("emphasis", SchemaValue.oneOf(UserBehaviour.allCases.map(\.description), "A behaviour this user always has on, with at least one deviation.")),
            ("onlyForward", SchemaValue.boolean("Only ever go forward: no deviations (the scripted user).")),
        ], required: ["email"])),
    ]
}
