import Foundation
import SimKernel
import AppVocabulary

/// What one launch of app code is given, as an iOS app injects its dependencies: a clock, an HTTP
/// client, a `UserDefaults`-like store, a keychain, a path monitor, and the system's prompts and
/// settings. Every service is tied to the launch: after a kill, the launch's left-over work can
/// neither send, store, nor sleep on.
public struct AppEnvironment: Sendable {
    /// The run's virtual clock (`any Clock<Duration>`); `clock.date()` for `Date()`.  // determinism: ok (names what it replaces)
    public let clock: AppClock
    public let http: SimulatedHTTPClient
    /// Survives a kill, gone after a reinstall.
    public let defaults: SimulatedDefaults
    /// Survives a kill and a reinstall.
    public let keychain: SimulatedKeychain
    public let connectivity: SimulatedPathMonitor
    public let system: SimulatedSystem
    /// The phone's Sign in with Apple attempts (`appleIDCredential()`).
    let credentialSheet: CredentialSheetAttempts
    /// The permissions answered on this install (`requestPermission(_:)`).
    let permissions: PermissionAnswers
    /// Whether this launch is still running.
    public let life: AppProcessLife
    let simulation: Simulation
    /// Puts a system sheet over the app's screen, or takes it away (nil): the phone's.
    let showSystemSheet: @Sendable (String?) async -> Void

    /// Shows a system permission prompt and returns the user's answer, after the time a person
    /// takes to read it; recorded in the trace, and on screen while it is up
    /// (`ScreenState.systemSheet`: "notifications permission"; the app beneath takes no taps).
    /// False if the app was killed meanwhile.
    ///
    /// As on iOS, the phone asks once per install: a permission the user has answered since the
    /// app was installed is not asked again, in this launch or a later one. The call returns that
    /// answer at once with no prompt (a note in the trace says so), as `requestAuthorization` does;
    /// a reinstall forgets the answers. `permissionStatus(_:)` reads them without asking.
    public func requestPermission(_ permission: String) async -> Bool {
        if let answered = permissions.answer(permission) {
            simulation.record(ModelEvent.note("system prompt: \(permission) not shown: answered on this install (\(answered ? "allowed" : "not allowed"))"))
            return answered
        }
        simulation.record(ModelEvent.note("system prompt: \(permission)"))
        await showSystemSheet("\(permission) permission")
        do { try await clock.sleep(for: system.promptTime) } catch {
            await showSystemSheet(nil)
            return false
        }
        let granted = system.answers[permission] ?? true
        simulation.record(ModelEvent.permissionAnswered(granted: granted))
        permissions.record(granted, for: permission)
        await showSystemSheet(nil)
        return granted
    }

    /// The user's answer to `permission` on this install, without asking: nil when never asked
    /// (iOS's `.notDetermined`), true when allowed, false when not (`getNotificationSettings()`'s
    /// `authorizationStatus`). An app that shows its own card before the prompt reads it to skip
    /// the card once the user has answered.
    public func permissionStatus(_ permission: String) -> Bool? { permissions.answer(permission) }

    /// Shows the Sign in with Apple sheet (AuthenticationServices' `ASAuthorizationController`
    /// with an `ASAuthorizationAppleIDProvider` request) and returns the identity token of the
    /// phone's Apple ID (`SimulatedSystem.appleID`) for the app to exchange with its backend.
    /// The sheet is on screen while it is up (`ScreenState.systemSheet`: "Sign in with Apple"; the
    /// app beneath takes no taps) for `SimulatedSystem.credentialSheetTime`; then it approves, or, as a
    /// scenario or the swarm says (`appleSheetCancelled`, `appleSheetFails`), throws
    /// `AppleSignInError.canceled` (the user closed it: no error is due) or `.failed` (recorded as
    /// `apple sheet failed`: the app says so). Throws `.canceled` if the app is killed meanwhile.
    ///
    /// ```swift
    /// extension AppEnvironment: AppleSignInProvider {
    ///     func requestAppleIDCredential() async throws -> String { try await appleIDCredential() }
    /// }
    /// ```
    public func appleIDCredential() async throws -> String {
        let attempt = credentialSheet.open()
        await showSystemSheet("Sign in with Apple")
        // Up for its time, unless the user closes it first (`UserAction.closeSystemSheet`).
        var waited = Duration.zero
        while waited < system.credentialSheetTime {
            let step = min(Self.sheetPoll, system.credentialSheetTime - waited)
            do { try await clock.sleep(for: step) } catch {
                credentialSheet.end(attempt)
                await showSystemSheet(nil)
                throw AppleSignInError.canceled
            }
            waited += step
            if credentialSheet.wasClosed(attempt) { throw AppleSignInError.canceled }
        }
        let outcome = credentialSheet.next()
        credentialSheet.end(attempt)
        switch outcome {
        case .approve:
            await showSystemSheet(nil)
            return system.appleID
        case .cancel:
            // The scenario's or the swarm's user closes the sheet when its time is up: their tap.
            simulation.record(ModelEvent.userAction(.closeSystemSheet, detail: ""))
            await showSystemSheet(nil)
            throw AppleSignInError.canceled
        case .fail:
            await showSystemSheet(nil)
            simulation.record(ModelEvent.note("apple sheet failed"))
            throw AppleSignInError.failed
        }
    }
}

extension AppEnvironment {
    /// How often a sheet that is up looks whether the user closed it.
    static let sheetPoll = Duration.milliseconds(100)
}

/// Why Sign in with Apple gave no credential (`ASAuthorizationError.canceled`, `.failed`).
public enum AppleSignInError: Error, Sendable, Equatable {
    /// The user closed the sheet, or the app went away under it.
    case canceled
    /// The sheet failed.
    case failed
}

/// The user's answers to the phone's permission prompts since the app was installed: kept
/// across launches, forgotten by a reinstall (iOS asks each permission once per install).
/// Confined to the simulation's driver thread.
final class PermissionAnswers: @unchecked Sendable {
    @exclusivity(unchecked) private var answers: [(permission: String, granted: Bool)] = []

    func answer(_ permission: String) -> Bool? { answers.first { $0.permission == permission }?.granted }

    func record(_ granted: Bool, for permission: String) {
        answers.removeAll { $0.permission == permission }
        answers.append((permission, granted))
    }

    /// What a reinstall does: every permission is asked again.
    func forget() { answers.removeAll() }
}

/// The Sign in with Apple sheet's attempts on one phone, across its launches: the planned
/// outcomes in order, then approvals; and the sheet up now, which the user may close.
/// Confined to the simulation's driver thread.
final class CredentialSheetAttempts: @unchecked Sendable {
    private let planned: [CredentialSheetOutcome]
    @exclusivity(unchecked) private var attempts = 0
    @exclusivity(unchecked) private var opened = 0
    /// The sheet up now (its number), if any, and the last one the user closed.
    @exclusivity(unchecked) private var up: Int?
    @exclusivity(unchecked) private var closed = 0

    init(planned: [CredentialSheetOutcome]) { self.planned = planned }

    /// Whether a sheet is up that the user may close.
    var isUp: Bool { up != nil }

    /// A sheet comes up: its number.
    func open() -> Int {
        opened += 1
        up = opened
        return opened
    }

    /// The user closes the sheet that is up.
    func close() {
        guard let up else { return }
        closed = up
        self.up = nil
    }

    func wasClosed(_ sheet: Int) -> Bool { closed == sheet }

    /// Sheet `sheet` is gone (answered, or its app killed).
    func end(_ sheet: Int) { if up == sheet { up = nil } }

    /// The next attempt's planned outcome (a sheet the user closed first is not one).
    func next() -> CredentialSheetOutcome {
        attempts += 1
        return attempts <= planned.count ? planned[attempts - 1] : .approve
    }
}
