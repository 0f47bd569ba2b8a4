// App code, written as an iOS app writes it: a door that opens for a one-time code sent by
// email (seed 002 §6's sign-in in miniature). This file imports no module of the simulator.
import Foundation
import Observation

/// Known bugs, switched back on by the simulator to prove the shared oracles catch them.
public struct CodeDoorBugs: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// A second visit of the code screen still shows the code typed on the first.
    public static let staleCode = CodeDoorBugs(rawValue: 1 << 0)
    /// A failed send still opens the code screen: a code is promised and none was sent.
    public static let screenWithoutSend = CodeDoorBugs(rawValue: 1 << 1)
    /// Verify sends the code of the first try, not the one the user typed since.
    public static let firstCodeVerified = CodeDoorBugs(rawValue: 1 << 2)
    /// Leaving the code screen does not stop its countdown (seed 002 §5's "This timer runs
    /// forever"): the next visit's countdown runs with the last one's, two a second.
    public static let leakedCountdown = CodeDoorBugs(rawValue: 1 << 3)
    /// Resend is offered once the countdown reaches 10, not 0.
    public static let earlyResend = CodeDoorBugs(rawValue: 1 << 4)
    /// Send takes any address with an "@" (`new.user@example.c`): a typo goes to the backend.
    /// (Found by the free user, blind, once it typed codes on this app.)
    public static let looseEmailCheck = CodeDoorBugs(rawValue: 1 << 5)
    /// A verification the server never judged (a 503) is told as a wrong code. (Found the same way.)
    public static let codeBlamed = CodeDoorBugs(rawValue: 1 << 6)
    /// A tap that fails at once (offline) puts back the very error it took away: on screen,
    /// nothing happened. (Found the same way.)
    public static let sameError = CodeDoorBugs(rawValue: 1 << 7)
    /// The opened door is not kept: after a kill the user must sign in again. (Found blind once a
    /// rule judged sessions across kills.)
    public static let forgetsTheDoor = CodeDoorBugs(rawValue: 1 << 8)
}

/// The door's screens: the email form, the code screen, the room behind the door.
@MainActor @Observable public final class CodeDoorModel {
    public enum Place: Equatable { case email, code, room }

    public private(set) var place: Place = .email
    /// The email field (`TextField("Email", text: $model.email)`).
    public var email = ""
    /// The code field on the code screen.
    public var code = ""
    public private(set) var isBusy = false
    public private(set) var errorMessage: String?
    /// Seconds until Resend, on the code screen: 30 after each code sent, one less a second.
    public private(set) var countdown = 0
    @ObservationIgnored let http: any DoorHTTPClient
    @ObservationIgnored let clock: any Clock<Duration>
    @ObservationIgnored let bugs: CodeDoorBugs
    /// Where the open door is kept across launches (seed 003: the session survives a force-quit).
    @ObservationIgnored let storage: (any DoorStorage)?
    @ObservationIgnored private var firstCode: String?
    @ObservationIgnored private var countdownTask: Task<Void, Never>?
    /// How many times in a row the same error was shown.
    @ObservationIgnored private var repeats = 0

    public init(http: any DoorHTTPClient, clock: any Clock<Duration> = ContinuousClock(), bugs: CodeDoorBugs = [],
                storage: (any DoorStorage)? = nil) {
        self.http = http
        self.clock = clock
        self.bugs = bugs
        self.storage = storage
        if storage?.bool(forKey: "code_door_open") == true { place = .room }
    }

    public var canSend: Bool {
        place == .email && !isBusy && (bugs.contains(.looseEmailCheck) ? email.contains("@") : Self.isValidEmail(email))
    }

    /// One "@", a name before it, and a domain after it that ends in a dot and two letters or
    /// more (seed 002 §12: validate before Send).
    static func isValidEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(" ") else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }), let top = labels.last else { return false }
        return top.count >= 2 && top.allSatisfy(\.isLetter)
    }
    public var canVerify: Bool { place == .code && !isBusy && !code.isEmpty }
    public var canResend: Bool { place == .code && !isBusy && countdown <= (bugs.contains(.earlyResend) ? 10 : 0) }

    /// Send code: asks the backend to mail a code, then shows the code screen.
    public func sendCode() async {
        guard canSend else { return }
        isBusy = true
        let shown = errorMessage
        errorMessage = nil
        defer { isBusy = false }
        if let failure = await mailACode(), !bugs.contains(.screenWithoutSend) {
            show(failure, after: shown)
            return
        }
        if !bugs.contains(.staleCode) { code = "" }
        place = .code
        startCountdown()
    }

    /// Resend: another code to the same address, and the countdown again.
    public func resend() async {
        guard canResend else { return }
        isBusy = true
        let shown = errorMessage
        errorMessage = nil
        defer { isBusy = false }
        if let failure = await mailACode() { show(failure, after: shown) } else { startCountdown() }
    }

    /// Asks the backend to mail a code to `email`: nil when it did, else what to tell the user.
    private func mailACode() async -> String? {
        do {
            let answer = try await http.data(method: "POST", path: "/otp/send", headers: [:],
                                             body: Data(#"{"email":"\#(email)"}"#.utf8))
            return answer.status == 200 ? nil : "Couldn't send a code. Try again."
        } catch {
            return "No connection. Try again."
        }
    }

    /// 30 s, then Resend; one tick a second on the clock the app was given.
    private func startCountdown() {
        if !bugs.contains(.leakedCountdown) { countdownTask?.cancel() }
        countdown = 30
        countdownTask = Task { [clock] in
            while !Task.isCancelled, countdown > 0 {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                if Task.isCancelled { return }
                countdown -= 1
            }
        }
    }

    /// Verify: the code the user typed, for the address the code went to.
    public func verify() async {
        guard canVerify else { return }
        isBusy = true
        let shown = errorMessage
        errorMessage = nil
        defer { isBusy = false }
        let sent = bugs.contains(.firstCodeVerified) ? firstCode ?? code : code
        firstCode = firstCode ?? code
        do {
            let answer = try await http.data(method: "POST", path: "/otp/verify", headers: [:],
                                             body: Data(#"{"email":"\#(email)","code":"\#(sent)"}"#.utf8))
            if answer.status == 200 {
                place = .room
                if !bugs.contains(.forgetsTheDoor) { storage?.set(true, forKey: "code_door_open") }
            } else if answer.status < 500 || bugs.contains(.codeBlamed) {
                show("That code didn't work. Try again.", after: shown)
            } else {
                // The server never judged the code: say so, not that the code was wrong (002 §1).
                show("Couldn't check the code. Try again.", after: shown)
            }
        } catch {
            show("No connection. Try again.", after: shown)
        }
    }

    /// Shows `message`; the same one as `shown` again says how many tries it is, so that a tap
    /// that fails at once still changes what the user sees.
    private func show(_ message: String, after shown: String?) {
        let same = shown.map { $0 == message || $0.hasPrefix(message.dropLast() + " (") } ?? false
        repeats = same ? repeats + 1 : 0
        errorMessage = repeats == 0 || bugs.contains(.sameError) ? message : "\(message.dropLast()) (try \(repeats + 1))."
    }

    /// Back from the code screen to the email form.
    public func back() {
        guard place == .code, !isBusy else { return }
        place = .email
        errorMessage = nil
        // The countdown belongs to the code screen (seed 002 §5: cancel the timer on leaving).
        if !bugs.contains(.leakedCountdown) {
            countdownTask?.cancel()
            countdownTask = nil
        }
    }
}
