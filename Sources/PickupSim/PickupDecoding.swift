import AppVocabulary
import PickupModel
import Scenarios

extension Scenario {
    /// The pickup app's starting world (`app == .pickup`): accounts, keychain, flag, Apple sheet,
    /// kept as the scenario's `ownSetup`.
    public var pickup: PickupConfiguration {
        get { ownSetup as? PickupConfiguration ?? PickupConfiguration() }
        set { ownSetup = newValue }
    }
}

/// Decodes the pickup app's own sections (`"app": "pickup"`): the phone (`device`) and the
/// backend's accounts (`backend`). Faults, network, steps and expectations are the shared
/// decoders', with the pickup app's actions, endpoints and routes.
public enum PickupDecoding {
    /// The keys of the pickup app's `device`, `backend` and account objects
    /// (`docs/scenario.schema.json`: `pickupDevice`, `pickupBackend`, `pickupAccount`).
    public static let deviceKeys = ["session", "keptList", "hasCompletedOnboarding", "reduceMotion", "online", "appleID", "appleSheet"]
    public static let backendKeys = ["accounts"]
    public static let accountKeys = ["email"]

    static func decodeDevice(_ value: JSONValue?, into scenario: inout Scenario, context: DecodingContext) {
        guard let device = context.object(value, at: "$.device", keys: PickupDecoding.deviceKeys) else { return }
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
                               from: CredentialSheetOutcome.allCases.map { ($0.rawValue, $0) }, what: "Apple sheet outcome")
            }
        }
        scenario.pickup = pickup
    }

    static func decodeBackend(_ value: JSONValue?, into pickup: inout PickupConfiguration, context: DecodingContext) {
        guard let backend = context.object(value, at: "$.backend", keys: PickupDecoding.backendKeys),
              let accounts = context.array(backend["accounts"], at: backend.path("accounts")) else { return }
        pickup.accounts = accounts.enumerated().compactMap { index, value in
            let path = backend.path("accounts") + "[\(index)]"
            guard let account = context.object(value, at: path, keys: PickupDecoding.accountKeys) else { return nil }
            guard let email = context.string(account["email"], at: account.path("email")) else {
                if account["email"] == nil { context.fail(account.path("email"), "missing: an account has the email of its Apple ID") }
                return nil
            }
            return email
        }
    }

    /// Sessions and kept lists must be accounts.
    static func accountProblems(of pickup: PickupConfiguration) -> [AppSetupProblem] {
        var problems: [AppSetupProblem] = []
        if let session = pickup.sessionUser, !pickup.accounts.contains(session) {
            problems.append(AppSetupProblem(path: "$.device.session", message: "the session's Apple ID \"\(session)\" has no account on the backend",
                                            suggestion: "add {\"email\": \"\(session)\"} to $.backend.accounts"))
        }
        if let owner = pickup.keptListOf, !pickup.accounts.contains(owner) {
            problems.append(AppSetupProblem(path: "$.device.keptList", message: "the kept list's Apple ID \"\(owner)\" has no account on the backend",
                                            suggestion: "add {\"email\": \"\(owner)\"} to $.backend.accounts"))
        }
        return problems
    }

    /// The `device` section as a scenario file writes it (`shrink`): only what differs from a new phone.
    static func device(of scenario: Scenario) -> JSONValue? {
        let pickup = scenario.pickup, defaults = PickupConfiguration()
        let members: [(key: String, value: JSONValue?)] = [
            ("session", pickup.sessionUser.map(JSONValue.string)),
            ("keptList", pickup.keptListOf.map(JSONValue.string)),
            ("hasCompletedOnboarding", pickup.hasCompletedOnboarding ? .bool(true) : nil),
            ("reduceMotion", pickup.reduceMotion ? .bool(true) : nil),
            ("online", scenario.startsOffline ? .bool(false) : nil),
            ("appleID", pickup.appleID == defaults.appleID ? nil : .string(pickup.appleID)),
            ("appleSheet", pickup.appleSheet.isEmpty ? nil : .array(pickup.appleSheet.map { .string($0.rawValue) })),
        ]
        let present = members.compactMap { member in member.value.map { (key: member.key, value: $0) } }
        return present.isEmpty ? nil : .object(present)
    }
}
