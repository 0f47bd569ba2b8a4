import SimKernel
import AppVocabulary

/// The 30-second resend countdown of the OTP verification screen (002 §5).
///
/// Fixed: started when the screen appears, cancelled when it disappears, restarted after a
/// successful resend. Mutant `fix-5`: every appearance starts a timer that is never
/// cancelled, so after "Use a different email" and back, two timers count down together.
///
/// Each timer is a `Countdown`: steps on the clock, one a second, not a task, exactly where the
/// app's loop that sleeps a second per tick would wake.
actor OTPTimer {
    let simulation: Simulation
    let mutants: MutantSet
    static let resendSeconds = 30

    @exclusivity(unchecked) private(set) var remaining = 0
    @exclusivity(unchecked) private var running: [(id: Int, countdown: Countdown)] = []
    @exclusivity(unchecked) private var lastTimerID = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    init(simulation: Simulation, mutants: MutantSet) {
        self.simulation = simulation
        self.mutants = mutants
    }

    var canResend: Bool { remaining == 0 }

    /// 002 §5 `startResendTimer()`: countdown back to 30, one tick a second; `onTick` runs after
    /// every tick (the screen refreshes).
    func start(owner: String, process: AppProcess, onTick: @escaping @Sendable () -> Void) {
        // app-slow-countdown: a minute, not 30 s.
        remaining = mutants.contains(.appSlowCountdown) ? 2 * Self.resendSeconds : Self.resendSeconds
        if !mutants.contains(.fix5) {
            // 002 §5 fix: "timerTask?.cancel()" before starting a new one.
            stopAll()
        }
        lastTimerID += 1
        let id = lastTimerID
        simulation.record(ModelEvent.timerStarted(id: id, owner: owner))
        guard process.isAlive else { return }
        let countdown = Countdown(id: id, label: "\(process.label) otp timer \(id)", timer: self, onTick: onTick)
        running.append((id, countdown))
        simulation.start(countdown)
    }

    /// 002 §5 `stopResendTimer()`, called when the screen disappears.
    func stop() {
        // fix-5: "This timer runs forever — even after the view is removed from the hierarchy."
        guard !mutants.contains(.fix5) else { return }
        stopAll()
    }

    /// The app process died: its timers stop with it, silently (nothing of the app runs any more).
    func processDied() {
        for timer in running { timer.countdown.cancel() }
    }

    private func stopAll() {
        for timer in running {
            timer.countdown.cancel()
            simulation.record(ModelEvent.timerStopped(id: timer.id))
        }
        running.removeAll()
    }

    /// One step of `countdown`: its first (does it count at all?) or a tick a second later.
    func advance(_ countdown: Countdown) {
        if countdown.started {
            guard remaining > 0 else { return }
            remaining -= 1
            simulation.record(ModelEvent.timerTick(id: countdown.id, remaining: remaining))
            countdown.onTick()
        }
        countdown.started = true
        guard remaining > 0 else {
            running.removeAll { $0.id == countdown.id }
            return
        }
        simulation.schedule(countdown, at: simulation.now.advanced(by: .seconds(1)))
    }
}

/// One running OTP countdown: steps a second apart until the count reaches zero or it is cancelled.
final class Countdown: SimulationStep, @unchecked Sendable {
    // Confined to the simulation's driver thread.
    let id: Int
    let label: String
    let onTick: @Sendable () -> Void
    /// Weak: a countdown of a killed app's screen must not keep its timer (and the app) alive.
    private weak var timer: OTPTimer?
    /// False until its first step has run.
    @exclusivity(unchecked) var started = false
    @exclusivity(unchecked) private var cancelled = false

    init(id: Int, label: String, timer: OTPTimer, onTick: @escaping @Sendable () -> Void) {
        self.id = id
        self.label = label
        self.timer = timer
        self.onTick = onTick
    }

    func run() {
        guard !cancelled, let timer else { return }
        timer.onSharedExecutor(passing: self) { $0.advance($1) }
    }

    /// Stops it: taken off the clock, and a step already due does nothing.
    func cancel() {
        cancelled = true
        timer?.simulation.unschedule(self)
    }
}
