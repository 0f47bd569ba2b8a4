import SimKernel

/// Kernel overhead: jobs per second through the simulation executor against steps per
/// second of a bare callback loop doing the same ping-pong, measured interleaved.
struct KernelBenchmark {
    var rounds = 50_000
    var repetitions = 7

    func run() {
        // One untimed warm-up of each, so neither pays for first-touch costs.
        let warmJobs = runKernel().jobs
        _ = runBare(steps: warmJobs)
        var kernelRates: [Double] = []
        var bareRates: [Double] = []
        for _ in 0..<repetitions {
            let kernel = runKernel()
            kernelRates.append(Double(kernel.jobs) / kernel.seconds)
            let bareSeconds = runBare(steps: kernel.jobs)
            bareRates.append(Double(kernel.jobs) / bareSeconds)
        }
        let kernelRate = Statistics.median(kernelRates)
        let bareRate = Statistics.median(bareRates)
        print("kernel.jobs_per_second: \(Int(kernelRate))")
        print("bare.steps_per_second: \(Int(bareRate))")
        print("kernel.ratio: \(Ratio.format(kernelRate / bareRate))")
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

    /// The same ping-pong written as callbacks on a ring buffer of closures and a timer heap.
    private func runBare(steps: Int) -> Double {
        let stopwatch = Stopwatch()
        let loop = BareLoop()
        let ping = BarePlayer(), pong = BarePlayer()
        ping.start(loop: loop, other: pong)
        pong.start(loop: loop, other: ping)
        loop.run(steps: steps)
        precondition(loop.stepsRun == steps, "the bare loop ran \(loop.stepsRun) of \(steps) steps")
        return stopwatch.elapsedSeconds
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
