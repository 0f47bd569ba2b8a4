import SimKernel
import AppVocabulary

/// The code screen comes after a code was sent (seed 002 §6: Send code asks the backend for a
/// code, and the code screen waits for it; §5: the countdown runs from the code sent).
///
/// Judged on the user's taps and the wire, for every app through its roles: after a tap that
/// sends the email field (`ActionRole.submit(.email)`: Send code), a code screen (a screen that
/// offers typing or sending a code, `AppRoles.codeActions`) appears only once a request sent
/// for a code (`RequestRole.Purpose.sendsCode`) was answered `ok` since the tap. A code screen
/// shown for a tap that sent nothing (the app deciding the last code will do, or a failed send)
/// tells the user a code is on its way, with a fresh countdown, when none is.
public struct CodeScreenFollowsASentCode: Oracle {
    public let name = "codeScreenFollowsASentCode"
    public let summary = "after Send code, the code screen appears only once the backend took a send of the code"
    /// A promise of any app with a code screen (declared by its code actions).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let codeActions = run.roles.codeActions
        guard !codeActions.isEmpty else { return [] }
        var waiting: RunObservation.Event?
        var codeRoutes: [Route] = []
        let view = run.events([.userAction, .responseReceived, .killed, .launched, .screen])
        for event in view.places {
            switch view[event] {
            case .userAction where run.role(ofTapAt: event) == .submit(.email):
                waiting = view.recorded(event)
            case .responseReceived(_, _, "ok") where run.endpoint(at: event, is: .sendsCode):
                waiting = nil
            case .killed, .launched:
                waiting = nil
            case .screen(let state):
                guard let route = state.route else { continue }
                if !codeRoutes.contains(route), state.actions.contains(where: codeActions.contains) { codeRoutes.append(route) }
                guard let tap = waiting, codeRoutes.contains(route) else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The user tapped \(Self.tapped(tap)) at \(tap.time) and the code screen appeared at \(event.time), "
                                    + "but no code was sent since the tap: the screen says a code is on its way, with a fresh "
                                    + "countdown, and none is (seed 002 §6).",
                                  excerpt: run.lines([tap.index, event.index]))]
            default:
                break
            }
        }
        return []
    }

    private static func tapped(_ tap: RunObservation.Event) -> String {
        if case .userAction(let action, _) = tap.event { return "'\(action.rawValue)'" }
        return "Send code"
    }
}
