import SimKernel

/// Kernel overhead: the same ping-pong through the simulation executor and as a bare callback
/// loop, measured interleaved. `kernel.ratio` is bare time ÷ kernel time for the same rounds: it
/// compares like with like however many jobs the kernel needs per round (since waits run in the
/// caller's isolation, a round takes fewer, fuller jobs than the bare loop's steps).
struct KernelBenchmark {
    var rounds = 50_000
    var repetitions = 7

    func run() {
        // One untimed warm-up of each, so neither pays for first-touch costs.
        _ = runKernel()
        _ = runBare()
        var jobRates: [Double] = []
        var ratios: [Double] = []
        var bareRates: [Double] = []
        for _ in 0..<repetitions {
            let kernel = runKernel()
            jobRates.append(Double(kernel.jobs) / kernel.seconds)
            let bare = runBare()
            bareRates.append(Double(bare.steps) / bare.seconds)
            ratios.append(bare.seconds / kernel.seconds)
        }
        print("kernel.jobs_per_second: \(Int(Statistics.median(jobRates)))")
        print("bare.steps_per_second: \(Int(Statistics.median(bareRates)))")
        print("kernel.ratio: \(Ratio.format(Statistics.median(ratios)))")
    }

    /// Two actors on the simulation executor, each sleeping 1 ms on the virtual clock and
    /// then calling the other, `rounds` times.
    private func runKernel() -> (jobs: Int, seconds: Double) {
        let simulation = Simulation(seed: 1, limits: RunLimits(maxJobs: Int.max))
        let rounds = self.rounds
        let stopwatch = Stopwatch()
        let result = simulation.run {
            let ping = Player(simulation: simulation)
            let pong = Player(simulation: simulation)
            async let first: Void = ping.play(rounds: rounds, against: pong)
            async let second: Void = pong.play(rounds: rounds, against: ping)
            _ = await (first, second)
        }
        let seconds = stopwatch.elapsedSeconds
        precondition(result.isClean, "the kernel benchmark run must be clean:\n\(result.report)")
        return (result.jobsRun, seconds)
    }

    /// The same ping-pong written as callbacks on a ring buffer of closures and a timer heap:
    /// two steps per player and round (the timer's turn, the poke), after one start step each.
    private func runBare() -> (steps: Int, seconds: Double) {
        let steps = 4 * rounds + 2
        let stopwatch = Stopwatch()
        let loop = BareLoop()
        let ping = BarePlayer(), pong = BarePlayer()
        ping.start(loop: loop, other: pong)
        pong.start(loop: loop, other: ping)
        loop.run(steps: steps)
        let seconds = stopwatch.elapsedSeconds
        precondition(ping.received == rounds && pong.received == rounds,
                     "the bare loop played \(ping.received) and \(pong.received) of \(rounds) rounds")
        return (loop.stepsRun, seconds)
    }
}

/// An actor of the kernel ping-pong.
actor Player {
    let simulation: Simulation
    private(set) var received = 0

    init(simulation: Simulation) { self.simulation = simulation }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    func play(rounds: Int, against other: Player) async {
        let clock = simulation.clock
        for _ in 0..<rounds {
            try? await clock.sleep(for: .milliseconds(1), label: "ping-pong")
            await other.receive()
        }
    }

    func receive() { received += 1 }
}
