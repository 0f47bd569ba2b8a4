import SimKernel
import AppVocabulary

/// With no fault and a healthy network, a user who only goes forward reaches the main app (#64
/// item 5, "the happy path as a baseline": "With no fault injected and the network healthy, a new
/// user reaches the main app and a returning user their own place").
///
/// Judged on the user's own record: the free user says when they gave up having made no deviation
/// (`UserGaveUp`: forward tapped again and again without moving on, or nothing offered for longer
/// than their patience).
/// A give-up is the app's failure when nothing else could explain it up to then: no fault on any
/// request (`faultApplied`), the device never offline, no account lost, no token expired, no
/// credential sheet failed, the app never sent to the background, killed or reinstalled, and every
/// tap one that moves the user on or enters what a screen asks (of role forward, submit, start,
/// retry, decline, input or choice: no Back, Cancel, Resend, sign-out or link, and no tap on an
/// action the screen did not offer). A scenario's own steps never give up, so only runs driven by
/// the free user are judged; a give-up for having made too many choices is the user's, not the app's.
public struct HappyPathReachesMain: Oracle {
    public let name = "happyPathReachesMain"
    public let summary = "with no fault and a healthy network, a user who only goes forward reaches the main app"
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard let gaveUp = run.events([.note]).first(where: { Self.appsFailure($0) }) else { return [] }
        let view = run.events([.faultApplied, .connectivity, .accountLost, .killed, .backgrounded, .reinstalled, .cacheCorrupted,
                                 .actionUnavailable, .userAction, .note])
        for event in view.places where event.index < gaveUp.index {
            switch view[event] {
            case .faultApplied, .accountLost, .killed, .backgrounded, .reinstalled, .cacheCorrupted, .actionUnavailable: return []
            case .connectivity(let online): if !online { return [] }
            case .note(let text): if text.hasPrefix(AccessTokenExpiry.note) || text == "apple sheet failed" { return [] }
            case .userAction(let action, _): if !Self.goesForward(run.roles.role(of: action)) { return [] }
            default: break
            }
        }
        guard case .note(let text) = gaveUp.event, let reason = UserGaveUp.reason(of: text) else { return [] }
        let last = run.screen(atIndex: gaveUp.index)
        let shown = last.map { " on \($0.state.route.map(\.description) ?? "no screen")" + ($0.state.errorText.map { " with \"\($0)\"" } ?? "") } ?? ""
        return [Violation(oracle: name, at: gaveUp.time,
                          message: "At \(gaveUp.time) the user gave up (\(reason))\(shown), with no fault injected, the network "
                            + "healthy and every tap a step forward: the plain path does not reach the main app. A new user "
                            + "reaches the main app and a returning user their own place when nothing goes wrong (#64: the happy "
                            + "path as a baseline).",
                          excerpt: run.lines([last?.index, gaveUp.index].compactMap { $0 }))]
    }

    /// Whether `event` is the user's give-up that the app could owe: too many tries, or nothing to do.
    static func appsFailure(_ event: RunObservation.Event) -> Bool {
        guard case .note(let text) = event.event, let reason = UserGaveUp.reason(of: text) else { return false }
        return reason.hasPrefix("too many tries") || reason.hasPrefix("nothing to do")
    }

    /// Whether a tap of `role` is a step along the plain path.
    static func goesForward(_ role: ActionRole) -> Bool {
        switch role {
        case .forward, .submit, .start, .retry, .decline, .input, .choice: true
        case .back, .startOver, .resend, .signOut, .confirmSignOut, .cancel, .link: false
        }
    }
}
