import SimKernel
import OnboardingModel

/// No leaked timers (seed 002 §5: "This timer runs forever — even after the view is removed").
///
/// No timer ticks after the screen that owns it disappeared (or the app was killed), and the
/// OTP countdown falls by exactly one per virtual second.
public struct NoLeakedTimers: Oracle {
    public let name = "noLeakedTimers"
    public let summary = "no timer outlives its screen; the OTP countdown falls exactly one per second"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        leakedTicks(run) + irregularCountdowns(run)
    }

    private func leakedTicks(_ run: RunObservation) -> [Violation] {
        var owners: [(timer: Int, owner: String, started: Int)] = []
        var gone: [(owner: String, index: Int)] = []
        var reported: [Int] = []
        var violations: [Violation] = []
        for event in run.events([.timerStarted, .screenDisappeared, .killed, .timerTick]) {
            switch event.event {
            case .timerStarted(let id, let owner):
                owners.append((id, owner, event.index))
            case .screenDisappeared(let owner):
                gone.append((owner, event.index))
            case .killed:
                gone.append(contentsOf: owners.map { ($0.owner, event.index) })
            case .timerTick(let id, _):
                guard !reported.contains(id), let owner = owners.last(where: { $0.timer == id }),
                      let disappeared = gone.first(where: { $0.owner == owner.owner && $0.index > owner.started })
                else { continue }
                reported.append(id)
                violations.append(Violation(
                    oracle: name, at: event.time,
                    message: "Timer \(id) of \(owner.owner) ticked at \(event.time), after its screen went away. "
                        + "Cancel the timer in onDisappear (seed 002 §5).",
                    excerpt: run.lines([owner.started, disappeared.index, event.index])))
            default:
                break
            }
        }
        return violations
    }

    private func irregularCountdowns(_ run: RunObservation) -> [Violation] {
        var last: (value: Int, index: Int, time: SimulationInstant)?
        for screen in run.screens {
            guard let value = screen.state.countdown else { last = nil; continue }
            guard let previous = last else { last = (value, screen.index, screen.time); continue }
            guard value != previous.value else { continue }
            last = (value, screen.index, screen.time)
            guard value < previous.value else { continue }
            let elapsed = previous.time.duration(to: screen.time)
            if previous.value - value != 1 || elapsed < .seconds(1) {
                return [Violation(
                    oracle: name, at: screen.time,
                    message: "The resend countdown went from \(previous.value) to \(value) in \(elapsed.totalMilliseconds)ms; "
                        + "it must fall by exactly one per second. Two timers are counting down.",
                    excerpt: run.lines([previous.index, screen.index]))]
            }
        }
        return []
    }
}
