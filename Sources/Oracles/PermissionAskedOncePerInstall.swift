import SimKernel
import AppVocabulary

/// A permission the user has answered is not asked again on this install (000 Pitfall 4: "Once
/// denied, the user must navigate to iOS Settings to re-enable"; the phone shows each permission's
/// prompt once per install, and `requestAuthorization` afterwards returns the answer with no
/// dialog). Judged from the user's record for every app: the tap that raised a prompt the user
/// answered (the tap of theirs just before the answer, in the same launch) is its card's button;
/// after a relaunch on the same install (no reinstall between), a screen that offers that button
/// again for longer than the flash window, to the user who answered (the same account, or still
/// nobody signed in), asks them for something they already answered,
/// and its button can no longer show them anything (the habit app's trial: "notifications asked
/// again after a relaunch"). Within the launch the user may come back to the card themselves
/// (Back); that is not judged, nor the card in another person's onboarding on the same phone (a
/// step of their own journey, though the phone will not ask them either).
public struct PermissionAskedOncePerInstall: Oracle {
    public let name = "permissionAskedOncePerInstall"
    public let summary = "a permission the user answered is not asked again on this install: its card does not come back after a relaunch"
    public var isShared: Bool { true }

    public init() {}

    /// A prompt the user answered: the button that raised it, in which launch, where.
    private struct Answer {
        let button: UserAction
        let process: Int
        /// Who was signed in when they answered (nil: nobody yet).
        let user: String?
        let tap: RunObservation.Event
        let answer: RunObservation.Event
    }

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        // Most runs answer no prompt: one look at the answers.
        guard !run.events([.permissionAnswered]).isEmpty else { return [] }
        var answers: [Answer] = []
        var process = 0
        var lastTap: RunObservation.Event?
        var next = 0
        let view = run.events([.userAction, .permissionAnswered, .launched, .killed, .reinstalled])
        for event in view.places {
            // The screens shown before this event, judged against the answers so far.
            while next < run.screens.count, run.screens[next].index < event.index {
                if let violation = askedAgain(at: next, answers: answers, process: process, run: run, settings: settings) { return [violation] }
                next += 1
            }
            switch view[event] {
            case .userAction: lastTap = view.recorded(event)
            case .launched(let number, _):
                process = number
                lastTap = nil
            case .killed: lastTap = nil
            case .reinstalled: answers.removeAll()
            case .permissionAnswered:
                guard let tap = lastTap, case .userAction(let button, _) = tap.event else { continue }
                answers.removeAll { $0.button == button }
                answers.append(Answer(button: button, process: process, user: run.signedInUser(atIndex: event.index), tap: tap, answer: view.recorded(event)))
            default: break
            }
        }
        while next < run.screens.count {
            if let violation = askedAgain(at: next, answers: answers, process: process, run: run, settings: settings) { return [violation] }
            next += 1
        }
        return []
    }

    /// The violation of the screen at `position`, if it offers again, after a relaunch, a button
    /// whose prompt the user answered in an earlier launch, for longer than the flash window.
    private func askedAgain(at position: Int, answers: [Answer], process: Int, run: RunObservation,
                            settings: OracleSettings) -> Violation? {
        let screen = run.screens[position]
        guard screen.state.foreground, screen.state.systemSheet == nil,
              let answer = answers.first(where: { $0.process < process && screen.state.actions.contains($0.button) }),
              screen.time.duration(to: run.screenEnds(at: position)) >= settings.flashWindow,
              run.signedInUser(atIndex: screen.index) == answer.user else { return nil }
        return Violation(oracle: name, at: screen.time,
                         message: "At \(screen.time), after a relaunch, the screen offered '\(answer.button.rawValue)' again, the button "
                            + "whose permission prompt the user answered at \(answer.answer.time) on this install: the phone asks once "
                            + "per install, so the card asks for what the user already answered and its button can show them nothing "
                            + "(000 Pitfall 4: \"Once denied, the user must navigate to iOS Settings to re-enable\"). Read the answer at "
                            + "launch (the authorization status) and go on past the card.",
                         excerpt: run.lines([answer.tap.index, answer.answer.index, screen.index]))
    }
}
