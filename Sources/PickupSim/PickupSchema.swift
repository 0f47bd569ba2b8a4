import AppVocabulary
import PickupModel
import Scenarios

/// The pickup app's own part of its scenario schema (`AppPlugin.scenarioSchema`): its phone and
/// its backend's accounts, with the keys its decoders read (`PickupDecoding`).
extension PickupPlugin {
    public var scenarioSchema: AppSchema {
        let device = SchemaValue.object([
            ("session", SchemaValue.nullableString("The Apple ID (an account's email) whose session is in the keychain.")),
            ("keptList", SchemaValue.string("The Apple ID (of an account) whose list of pickups the phone keeps at the start: "
                                            + "someone who used the app on this phone before.")),
            ("hasCompletedOnboarding", SchemaValue.boolean("@AppStorage(\"hasCompletedOnboarding\") at the start.")),
            ("reduceMotion", SchemaValue.boolean()),
            ("online", SchemaValue.boolean("false: start offline.")),
            ("appleID", SchemaValue.string("The Apple ID signed in on the phone: the one the Apple sheet offers.")),
            ("appleSheet", SchemaValue.array(of: SchemaValue.oneOf(CredentialSheetOutcome.allCases.map(\.rawValue)),
                                             "What the Apple sheet does at each sign-in attempt, in order; after the list it approves.")),
        ])
        let account = SchemaValue.object([("email", SchemaValue.string("The account's Apple ID."))], required: ["email"])
        return AppSchema(device: device, backend: SchemaValue.object([("accounts", SchemaValue.array(of: SchemaValue.ref("account")))]),
                         definitions: [("account", account)])
    }
}
