import SimKernel

/// The 30-second resend countdown of the OTP verification screen (002 §5).
///
/// Fixed: started when the screen appears, cancelled when it disappears, restarted after a
/// successful resend. Mutant `fix-5`: every appearance starts a timer that is never
/// cancelled, so after "Use a different email" and back, two timers count down together.
actor OTPTimer {
    let simulation: Simulation
    let mutants: MutantSet
    static let resendSeconds = 30

    private(set) var remaining = 0
    private var running: [(id: Int, task: SimulationTask)] = []
    private var lastTimerID = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    init(simulation: Simulation, mutants: MutantSet) {
        self.simulation = simulation
        self.mutants = mutants
    }

    var canResend: Bool { remaining == 0 }

    /// 002 §5 `startResendTimer()`: countdown back to 30, one tick a second.
    func start(owner: String, process: AppProcess, onTick: @escaping @Sendable () async -> Void) {
        remaining = Self.resendSeconds
        if !mutants.contains(.fix5) {
            // 002 §5 fix: "timerTask?.cancel()" before starting a new one.
            stopAll()
        }
        lastTimerID += 1
        let id = lastTimerID
        simulation.record(ModelEvent.timerStarted(id: id, owner: owner))
        guard let task = process.spawn("otp timer \(id)", { await self.tick(id: id, onTick: onTick) }) else { return }
        running.append((id, task))
    }

    /// 002 §5 `stopResendTimer()`, called when the screen disappears.
    func stop() {
        // fix-5: "This timer runs forever — even after the view is removed from the hierarchy."
        guard !mutants.contains(.fix5) else { return }
        stopAll()
    }

    private func stopAll() {
        for timer in running {
            timer.task.cancel()
            simulation.record(ModelEvent.timerStopped(id: timer.id))
        }
        running.removeAll()
    }

    private func tick(id: Int, onTick: @escaping @Sendable () async -> Void) async {
        while remaining > 0 {
            do {
                // Unlabelled: a report names the wait after its task, `app#1 otp timer 3` (a label
                // built from the id would allocate a closure context every tick).
                try await simulation.clock.sleep(for: .seconds(1))
            } catch { return }
            guard !Task.isCancelled, remaining > 0 else { return }
            remaining -= 1
            simulation.record(ModelEvent.timerTick(id: id, remaining: remaining))
            await onTick()
        }
        running.removeAll { $0.id == id }
    }
}
