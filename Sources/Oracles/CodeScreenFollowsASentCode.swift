import SimKernel
import AppVocabulary

/// The code screen comes after a code was sent (seed 002 §6: Send code asks the backend for a
/// code, and the code screen waits for it; §5: the countdown runs from the code sent).
///
/// Judged on the user's taps and the wire: after a tap on Send code, the code screen appears only
/// once a `send-otp` request made since the tap was answered `ok`. A code screen shown for a tap
/// that sent nothing (the app deciding the last code will do) tells the user a code is on its way,
/// with a fresh countdown, when none is.
public struct CodeScreenFollowsASentCode: Oracle {
    public let name = "codeScreenFollowsASentCode"
    public let summary = "after Send code, the code screen appears only once the backend took a send of the code"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var waiting: RunObservation.Event?
        for event in run.events([.userAction, .responseReceived, .killed, .launched, .screen]) {
            switch event.event {
            case .userAction(.sendCode, _):
                waiting = event
            case .responseReceived(_, .sendOTP, "ok"), .killed, .launched:
                waiting = nil
            case .screen(let state):
                guard let tap = waiting, state.route == .onboarding(.authVerification) else { continue }
                return [Violation(oracle: name, at: event.time,
                                  message: "The user tapped Send code at \(tap.time) and the code screen appeared at \(event.time), "
                                    + "but no code was sent since the tap: the screen says a code is on its way, with a fresh "
                                    + "countdown, and none is (seed 002 §6).",
                                  excerpt: run.lines([tap.index, event.index]))]
            default:
                break
            }
        }
        return []
    }
}
