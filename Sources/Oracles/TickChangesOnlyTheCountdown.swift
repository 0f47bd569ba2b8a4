import SimKernel
import AppVocabulary

/// A tick of the resend countdown changes the countdown, and nothing else (seed 002 §5: the
/// timer counts the resend delay down, one a second, and offers Resend at zero).
///
/// A promise of every app whose app code records its timer's ticks (`ModelEvent.timerTick`; the
/// fix plan's does), Resend read by its role (`.resend`). The screen a tick refreshes differs from
/// the one before it only in the countdown and in whether Resend is offered. Anything else that changes then (a spinner ending, an error or a Retry
/// appearing, the route) was already true before the tick and the user was not shown it: the app
/// forgot to show a change when it made it, and only the timer's refresh revealed it (after the
/// countdown ends, nothing ever would).
public struct TickChangesOnlyTheCountdown: Oracle {
    public let name = "tickChangesOnlyTheCountdown"
    public let summary = "a countdown tick changes only the countdown and the Resend offer: every other change shows when it is made"
    /// A promise of any app whose countdown ticks are on record.
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        let view = run.events([.timerTick])
        for tick in view.places {
            // The screen the tick's refresh showed: the very next event (none if nothing changed).
            guard let position = RunObservation.lastPosition(in: run.events.count, { run.events[$0].index <= tick.index }),
                  position + 1 < run.events.count, case .screen(let shownState) = run.events[position + 1].event,
                  let before = run.screen(atIndex: tick.index), !Self.onlyTheCountdownDiffers(before.state, shownState, roles: run.roles)
            else { continue }
            // Something else happened in the tick's own instant (a tap, an answer): the refresh may
            // show its first effects; what a user sees of that instant is judged at its end.
            guard !Self.othersInInstant(of: tick, before: position, after: before.index, in: run) else { continue }
            return [Violation(oracle: name, at: tick.time,
                              message: "The countdown's tick at \(tick.time) also changed the screen beyond the countdown "
                                + "(from \(before.state.canonicalText) to \(shownState.canonicalText)): that change was made "
                                + "earlier and not shown. Show every change when it is made (seed 002 §5).",
                              excerpt: run.lines([before.index, tick.index, run.events[position + 1].index]))]
        }
        return []
    }

    static func onlyTheCountdownDiffers(_ before: ScreenState, _ after: ScreenState, roles: AppRoles) -> Bool {
        guard before.sameApartFromCountdownAndActions(as: after) else { return false }
        // The actions, Resend aside, in order, without building new arrays.
        let resend = roles.resendActions
        var mine = before.actions.lazy.filter { !resend.contains($0) }.makeIterator()
        var theirs = after.actions.lazy.filter { !resend.contains($0) }.makeIterator()
        while true {
            let one = mine.next(), other = theirs.next()
            if one != other { return false }
            if one == nil { return true }
        }
    }

    /// Whether an event other than a tick lies between the screen `after` and the tick (at trace
    /// position `position`) in the tick's own instant.
    static func othersInInstant(of tick: some TracePoint, before position: Int, after screen: Int,
                                in run: RunObservation) -> Bool {
        var earlier = position - 1
        while earlier >= 0, run.events[earlier].index > screen, run.events[earlier].time == tick.time {
            if case .timerTick = run.events[earlier].event {} else { return true }
            earlier -= 1
        }
        return false
    }
}
