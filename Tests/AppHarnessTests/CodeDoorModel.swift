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
    @ObservationIgnored let http: any DoorHTTPClient
    @ObservationIgnored let bugs: CodeDoorBugs
    @ObservationIgnored private var firstCode: String?

    public init(http: any DoorHTTPClient, bugs: CodeDoorBugs = []) {
        self.http = http
        self.bugs = bugs
    }

    public var canSend: Bool { place == .email && !isBusy && email.contains("@") }
    public var canVerify: Bool { place == .code && !isBusy && !code.isEmpty }

    /// Send code: asks the backend to mail a code, then shows the code screen.
    public func sendCode() async {
        guard canSend else { return }
        isBusy = true
        errorMessage = nil
        defer { isBusy = false }
        do {
            let answer = try await http.data(method: "POST", path: "/otp/send", headers: [:],
                                             body: Data(#"{"email":"\#(email)"}"#.utf8))
            guard answer.status == 200 || bugs.contains(.screenWithoutSend) else {
                errorMessage = "Couldn't send a code. Try again."
                return
            }
        } catch {
            guard bugs.contains(.screenWithoutSend) else {
                errorMessage = "No connection. Try again."
                return
            }
        }
        if !bugs.contains(.staleCode) { code = "" }
        place = .code
    }

    /// Verify: the code the user typed, for the address the code went to.
    public func verify() async {
        guard canVerify else { return }
        isBusy = true
        errorMessage = nil
        defer { isBusy = false }
        let sent = bugs.contains(.firstCodeVerified) ? firstCode ?? code : code
        firstCode = firstCode ?? code
        do {
            let answer = try await http.data(method: "POST", path: "/otp/verify", headers: [:],
                                             body: Data(#"{"email":"\#(email)","code":"\#(sent)"}"#.utf8))
            if answer.status == 200 { place = .room } else { errorMessage = "That code didn't work. Try again." }
        } catch {
            errorMessage = "No connection. Try again."
        }
    }

    /// Back from the code screen to the email form.
    public func back() {
        guard place == .code, !isBusy else { return }
        place = .email
        errorMessage = nil
    }
}
