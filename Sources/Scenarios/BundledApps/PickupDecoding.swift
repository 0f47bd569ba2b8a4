import AppVocabulary
import OnboardingModel
import PickupModel

/// Decodes the pickup app's own sections (`"app": "pickup"`): the phone (`device`) and the
/// backend's accounts (`backend`). Faults, network, steps and expectations are the shared
/// decoders', with the pickup app's actions, endpoints and routes.
enum PickupDecoding {
    static func decodeDevice(_ value: JSONValue?, into scenario: inout Scenario, context: DecodingContext) {
        guard let device = context.object(value, at: "$.device", keys: ScenarioKeys.pickupDevice) else { return }
        var pickup = scenario.pickup
        if let session = device["session"], session != .null {
            pickup.sessionUser = context.string(session, at: device.path("session"))
        }
        pickup.keptListOf = context.string(device["keptList"], at: device.path("keptList"))
        pickup.hasCompletedOnboarding = context.bool(device["hasCompletedOnboarding"], at: device.path("hasCompletedOnboarding"))
            ?? pickup.hasCompletedOnboarding
        pickup.reduceMotion = context.bool(device["reduceMotion"], at: device.path("reduceMotion")) ?? pickup.reduceMotion
        pickup.appleID = context.string(device["appleID"], at: device.path("appleID")) ?? pickup.appleID
        scenario.startsOffline = !(context.bool(device["online"], at: device.path("online")) ?? true)
        if let outcomes = context.array(device["appleSheet"], at: device.path("appleSheet")) {
            pickup.appleSheet = outcomes.enumerated().compactMap { index, outcome in
                context.choice(outcome, at: device.path("appleSheet") + "[\(index)]",
                               from: AppleSheetOutcome.allCases.map { ($0.rawValue, $0) }, what: "Apple sheet outcome")
            }
        }
        scenario.pickup = pickup
    }

    static func decodeBackend(_ value: JSONValue?, into pickup: inout PickupConfiguration, context: DecodingContext) {
        guard let backend = context.object(value, at: "$.backend", keys: ScenarioKeys.pickupBackend),
              let accounts = context.array(backend["accounts"], at: backend.path("accounts")) else { return }
        pickup.accounts = accounts.enumerated().compactMap { index, value in
            let path = backend.path("accounts") + "[\(index)]"
            guard let account = context.object(value, at: path, keys: ScenarioKeys.pickupAccount) else { return nil }
            guard let email = context.string(account["email"], at: account.path("email")) else {
                if account["email"] == nil { context.fail(account.path("email"), "missing: an account has the email of its Apple ID") }
                return nil
            }
            return email
        }
    }
}
