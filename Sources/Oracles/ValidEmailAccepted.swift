import SimKernel
import AppVocabulary

/// Valid emails accepted (seed 002 §12: "Any user whose email contains an apostrophe or other
/// special character can't sign up").
///
/// After typing an address of the form `local@domain.tld` (no spaces, one `@`, a dot in the
/// domain), the screen offers the button that sends it; after typing one that is not, it does not.
///
/// For every app through its roles: typing is an action of role `.input(.email)` (the fix plan's
/// `type-email`), the button one of role `.submit(.email)` (its Send code, Trendy's Sign up),
/// judged on the screen the typing left when its field holds what was typed. On a form that also
/// offers typing of another kind (a password, `.input(.password)`), a disabled button may wait for that
/// field: only a malformed address that enables it is reported there. An app without
/// such roles can name the button (`ValidEmailAccepted(submit:)`) and a screen (`route:`).
public struct ValidEmailAccepted: Oracle {
    public let name = "validEmailAccepted"
    public var summary: String { "a well-formed email (o'brien@gmail.com) enables the button that sends it; a malformed one does not" }
    /// A policy (`OraclePolicy`): one seed's way of keeping its promise.
    public var policy: OraclePolicy? {
        OraclePolicy(promise: "seed 002 §12: \"Any user whose email contains an apostrophe or other special character can't sign up\", fixed with a local@domain.tld check before Send",
                     ways: ["enable the `.submit(.email)` button exactly for addresses of the form local@domain.tld", "leave the address to the backend (then opt out: the backend's answer is the check)"])
    }
    /// A promise of any app with an email form (read through the roles of its actions).
    public var isShared: Bool { true }
    /// The button a well-formed address enables; nil: the app's actions of role `.submit(.email)`.
    public let submit: UserAction?
    /// The screen the field is on; nil: wherever the typed text shows in the field.
    public let route: Route?

    /// `submit` offered after a well-formed address, never after a malformed one, on `route` (nil:
    /// any screen whose field shows the typed address); by default the buttons the app declares.
    public init(submit: UserAction? = nil, route: Route? = nil) {
        self.submit = submit
        self.route = route
    }

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let taps = run.events([.userAction])
        let places = taps.places
        var buttons: [UserAction]?
        return places.indices.compactMap { position in
            let event = places[position]
            guard run.role(ofTapAt: event) == .input(.email), case .userAction(_, let detail) = taps[event],
                  let typed = Self.unquote(detail),
                  let shown = Self.screenAfterTyping(event, next: position + 1 < places.count ? places[position + 1].index : .max, in: run),
                  route.map({ shown.state.route == $0 }) ?? true, shown.state.emailField == typed else { return nil }
            let submits = buttons ?? submit.map { [$0] } ?? run.roles.actions { $0 == .submit(.email) }
            buttons = submits
            guard let button = submits.first else { return nil }
            let wellFormed = Self.isWellFormed(typed)
            let offered = shown.state.actions.contains(where: submits.contains)
            guard wellFormed != offered else { return nil }
            // A form with another field to fill (a password: an input of another kind on offer) may
            // keep its button for that field too; a malformed address must still not enable it.
            if wellFormed, shown.state.actions.contains(where: { other in
                if case .input(let kind) = run.roles.role(of: other) { return kind != .email }
                return false
            }) { return nil }
            return Violation(oracle: name, at: shown.time,
                             message: wellFormed
                                ? "\"\(typed)\" is a valid address but \"\(button.rawValue)\" stayed disabled: the user cannot sign up."
                                : "\"\(typed)\" is malformed but \"\(button.rawValue)\" was enabled: typos go to the backend.",
                             excerpt: run.lines([event.index, shown.index]))
        }
    }

    /// The screen the typing left: the one it showed in its instant, before the next tap, or the
    /// one already up if the field held that text before (a later tap's screen is not its effect).
    static func screenAfterTyping(_ event: some TracePoint, next: Int,
                                  in run: RunObservation) -> (index: Int, time: SimulationInstant, state: ScreenState)? {
        if let reaction = run.screens(after: event.index, through: next - 1).first, reaction.time == event.time { return reaction }
        return run.screen(atIndex: event.index)
    }

    static func unquote(_ detail: String) -> String? {
        let bytes = detail.utf8
        if TextSearch.isASCII(detail) {
            // ASCII: bytes are characters, and counting characters costs far more.
            let quote = UInt8(ascii: "\"")
            guard bytes.count >= 2, bytes.first == quote, bytes.last == quote else { return nil }
            return String(bytes.dropFirst().dropLast())
        }
        guard detail.count >= 2, detail.first == "\"", detail.last == "\"" else { return nil }
        return String(detail.dropFirst().dropLast())
    }

    /// The fix plan's rule ("non-whitespace-non-@ + @ + non-whitespace-non-@ + . + 2+ chars"),
    /// stated on its own: no white space, one `@` after a non-empty local part, and some dot in
    /// the domain with a character before it and two after it.
    static func isWellFormed(_ email: String) -> Bool {
        let bytes = Array(email.utf8)
        return bytes.allSatisfy { $0 < 0x80 } ? isWellFormed(ascii: bytes) : isWellFormed(characters: email)
    }

    /// The same rule on ASCII bytes: every explored run types an address, and Character
    /// properties cost far more than byte comparisons. (`\r\n` is one Character but white space
    /// either way, so the two readings agree on every ASCII string.)
    static func isWellFormed(ascii bytes: [UInt8]) -> Bool {
        guard !bytes.contains(where: { $0 == 0x20 || (0x09...0x0D).contains($0) }) else { return false }
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0,
              !bytes[(at + 1)...].contains(UInt8(ascii: "@")) else { return false }
        let domain = bytes[(at + 1)...]
        return domain.indices.contains { domain[$0] == UInt8(ascii: ".") && $0 > domain.startIndex && bytes.count - $0 - 1 >= 2 }
    }

    static func isWellFormed(characters email: String) -> Bool {
        guard !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = Array(parts[1])
        return domain.indices.contains { domain[$0] == "." && $0 >= 1 && domain.count - $0 - 1 >= 2 }
    }
}
