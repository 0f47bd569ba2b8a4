import AppVocabulary
import OnboardingModel
import Scenarios

/// The fix plan's own part of its scenario schema (`AppPlugin.scenarioSchema`): its phone, its
/// backend and its own steps, with the lists its decoders read (`FixPlanDecoding`), so that
/// `schema --app fix-plan` and `docs/schemas/fix-plan.schema.json` check a file as the tool does.
extension FixPlanPlugin {
    public var scenarioSchema: AppSchema {
        let phases = FixPlanDecoding.phases.map(\.0)
        let device = SchemaValue.object([
            ("session", SchemaValue.nullableString("Email of the account whose session is in the keychain.")),
            ("cache", SchemaValue.array(of: SchemaValue.ref("cacheEntry"), "The onboarding cached on the phone, per user.")),
            ("reduceMotion", SchemaValue.boolean()),
            ("grantsNotifications", SchemaValue.boolean("Whether the user allows notifications when asked.")),
            ("sessionRestoreTime", SchemaValue.duration("How long the keychain takes to give back the session.")),
            ("online", SchemaValue.boolean("false: start offline.")),
        ])
        let cacheEntry = SchemaValue.object([
            ("user", SchemaValue.nullableString("Account email, or null for the signed-out slot.")),
            ("phase", SchemaValue.oneOf(phases)),
            ("pendingEmail", SchemaValue.string()),
            ("startedSent", SchemaValue.boolean()),
            ("returningLogin", SchemaValue.boolean("true: the sign-in in progress is a log-in of an existing account (Log in on intro).")),
            ("corrupted", SchemaValue.boolean("true: the entry is unreadable garbage.")),
        ], extra: [("if", .object([("properties", .object([("corrupted", .object([("const", .bool(true))]))])),
                                   ("required", .array([.string("corrupted")]))])),
                   ("else", .object([("required", .array([.string("phase")]))]))])
        let backend = SchemaValue.object([
            ("strictCreateUser", SchemaValue.boolean()),
            ("goalGenerationTime", SchemaValue.duration("How long the backend takes to generate goals.")),
            ("accounts", SchemaValue.array(of: SchemaValue.ref("account"))),
            ("progressWrites", SchemaValue.oneOf(BackendConfiguration.ProgressWrites.allCases.map(\.rawValue),
                                                 "How the backend stores progress pushes: keep the furthest step (default), or every "
                                                 + "write as it arrives (pushes out of order then move progress backward).")),
        ])
        let account = SchemaValue.object([
            ("email", SchemaValue.string()),
            ("journey", .object([("oneOf", .array([SchemaValue.oneOf(FixPlanDecoding.journeyPresets.map(\.0)), SchemaValue.ref("journey")]))])),
        ], required: ["email"])
        let journey = SchemaValue.object([
            ("intake", SchemaValue.boolean()), ("goals", SchemaValue.boolean()),
            ("program", SchemaValue.oneOf(FixPlanDecoding.programStatuses.map(\.0))),
        ])
        let policy = SchemaValue.object([
            ("email", SchemaValue.string()), ("returning", SchemaValue.boolean()), ("until", SchemaValue.oneOf(phases)),
        ], required: ["email"])
        return AppSchema(
            device: device, backend: backend,
            definitions: [("cacheEntry", cacheEntry), ("account", account), ("journey", journey), ("policy", policy)],
            steps: [("corruptCache", SchemaValue.writeTrue("Garbage written over the cached onboarding. Write true.")),
                    ("signOut", SchemaValue.writeTrue("The session ends from outside the screens. Write true.")),
                    ("policy", SchemaValue.ref("policy", "The scripted user taps the primary forward action until `until`."))])
    }
}
