extension Simulation {
    /// Runs `body` as the root task and drives the simulation until it finishes, deadlocks
    /// or reaches a limit. Synchronous: the calling thread becomes the driver thread.
    public func run(_ name: String = "main", _ body: sending @escaping () async -> Void) -> SimulationResult {
        precondition(phase == .ready, "a Simulation runs once; create a new one for another run")
        MainActorBridge.install()  // `Task.sleep` and main-actor hops of the run stay in it  // determinism: ok (names it)
        executor.bindDriver()
        phase = .running
        record(KernelEvent.runStarted(seed: seed, strategy: strategy))
        spawn(name, body)
        let watched = Watchdog.watching.load(ordering: .relaxed)
        if watched {
            Watchdog.attach(self)
            // A spent stack in this run is named too (`CrashNotice`): the handler needs a stack of its own.
            if CrashNotice.installed.load(ordering: .relaxed) { ThreadStack.prepareThisThread() }
        }
        defer { if watched { Watchdog.detach(self) } }
        let outcome = drive()
        let pending = pendingWork()
        record(KernelEvent.runEnded(outcome: outcome.description))
        phase = .tearingDown
        tearDown()
        phase = .finished
        executor.unbindDriver()
        var result = SimulationResult(
            seed: seed, strategy: strategy, outcome: outcome, pending: pending,
            virtualTime: now, jobsRun: jobsRun, foreignEnqueues: executor.foreignEnqueues, strandedTasks: strandedTasks,
            trace: trace)
        if let choices {
            result.choices = choices.sequence
            if choices.isReplaying { result.replayedChoices = choices.replayed }
        }
        return result
    }

    /// The driver loop: run every ready job; when none is ready, finish, wake quiescence
    /// waiters, or advance time to the next deadline.
    private func drive() -> SimulationResult.Outcome {
        let lastInstant = limits.maxVirtualTime.totalNanoseconds
        while true {
            while executor.hasReadyJobs {
                guard jobsRun < limits.maxJobs else { return .limitReached(.jobs) }
                jobsRun += 1
                progress.store(jobsRun, ordering: .releasing)
                _ = executor.runNextJob()
            }
            if executor.adoptForeignJobs() { continue }
            if tasks[0].finished { return .completed }
            if !quiescenceWaiters.isEmpty && timers.isEmpty {
                wakeQuiescenceWaiters()
                continue
            }
            guard let next = timers.nextDeadline() else { return .deadlock }
            guard next.nanoseconds <= lastInstant else {
                return .limitReached(.virtualTime)
            }
            fireTimers(dueAt: next)
        }
    }

    /// Advances time to `deadline` (never backwards) and wakes every sleeper due by then,
    /// in the order the strategy chooses. `now` is set before any of them resumes.
    private func fireTimers(dueAt deadline: SimulationInstant) {
        if deadline > now { now = deadline }
        var due = dueTimers  // reused: one array for the run, not one per instant
        dueTimers = []
        defer {
            // Emptied by the loop below (a call into the standard library's general removal otherwise).
            if !due.isEmpty { due.removeAll(keepingCapacity: true) }
            dueTimers = due
        }
        while let next = timers.nextDeadline(), next <= now {
            due.append(timers.pop()!)
        }
        precondition(!due.isEmpty, "fireTimers found no timer due at \(deadline)")
        if strategy == .seeded { schedulerRandom.shuffle(&due) }
        // Taken from the back of the reversed list: each entry moves out, none is copied.
        due.reverse()
        while let entry = due.popLast() {
            let timer: SleepTimer
            switch entry {
            case .step(let step):
                executor.enqueue(step: step)
                continue
            case .sleepingJob(let job):
                // Run at once, as a sleeper's continuation is resumed here: the sleeping task's
                // next job then takes the place a task sleeping on `clock` would take.
                jobsRun += 1
                executor.runNow(job)
                continue
            case .sleeper(let sleeper):
                timer = sleeper
            case .unscheduled:
                preconditionFailure("an unscheduled step was fired")
            }
            precondition(timer.isWaiting, "a fired timer must have been waiting")
            timer.state = .resolved(.deadline)
            let continuation = timer.continuation!
            timer.continuation = nil
            continuation.resume(returning: .deadline)
        }
    }

    private func wakeQuiescenceWaiters() {
        let waiters = quiescenceWaiters
        quiescenceWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    func pendingWork() -> PendingWork {
        PendingWork(
            timers: timers.waitingInOrder().map { PendingWork.Timer(deadline: $0.deadline, label: $0.entry.label) },
            tasks: tasks.filter { !$0.finished }.map(\.name))
    }

    /// Cancels every unfinished task and lets them unwind, within `maxTeardownJobs`, so
    /// that a finished run leaves no suspended task behind; drops every step still parked or
    /// queued. Time does not move and the trace is closed.
    private func tearDown() {
        for task in tasks where !task.finished { cancel(task.handle) }
        dropParkedSteps()
        wakeQuiescenceWaiters()
        var budget = limits.maxTeardownJobs
        while budget > 0 {
            progress.store(jobsRun &+ budget, ordering: .releasing)
            if !executor.runNextJob(runningSteps: false) && !executor.adoptForeignJobs() { break }
            budget -= 1
        }
    }
}

extension Simulation {
    /// What the watchdog reports of this run, read from the watchdog's thread while the run's own
    /// thread is inside one job that has not returned for the whole timeout (so nothing here is
    /// being changed, unless the stuck code itself records or spawns in its loop).
    func crashedRun() -> CrashedRun {
        CrashedRun(subject: subject, seed: seed, branches: branches, virtualTime: now, jobsRun: jobsRun, runningTasks: running.map(\.name),
                   lastTraceLines: recordedTrace.entries.suffix(8).map(\.line))
    }

    func stallReport(quietFor: Duration) -> StallReport {
        let lines = recordedTrace.entries.suffix(8).map(\.line)
        return StallReport(subject: subject, seed: seed, branches: branches, quietFor: quietFor, virtualTime: now, jobsRun: jobsRun,
                           runningTasks: running.map(\.name), lastTraceLines: lines)
    }
}
