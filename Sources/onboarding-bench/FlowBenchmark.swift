import SimKernel

/// The peer flow of issue #30 §4: three concurrent calls to a server, then a 30-second
/// countdown, each run in a simulation of its own (as `explore` runs a seed), against the same
/// flow on two loops without the kernel: the floor, a plain list of timed closures (each step of
/// the flow one closure called; #65 item 4), and the older bare loop of closures, a ready queue
/// and a timer heap (each step enqueued, timed, enqueued again). `flow.kernel_over_floor` is the
/// kernel's time over the floor's for the same runs (1.0 would be the floor itself);
/// `flow.kernel_over_bare` the same against the bare loop.
struct FlowBenchmark {
    var runs = 20_000
    var repetitions = 7

    func run() {
        _ = runKernel()
        _ = runBare()
        _ = runFloor()
        var ratios: [Double] = [], floorRatios: [Double] = []
        var kernelRates: [Double] = [], bareRates: [Double] = [], floorRates: [Double] = []
        for _ in 0..<repetitions {
            let kernel = runKernel(), bare = runBare(), floor = runFloor()
            ratios.append(kernel / bare)
            floorRatios.append(kernel / floor)
            kernelRates.append(Double(runs) / kernel)
            bareRates.append(Double(runs) / bare)
            floorRates.append(Double(runs) / floor)
        }
        print("flow.kernel_runs_per_second: \(Int(Statistics.median(kernelRates)))")
        print("flow.floor_runs_per_second: \(Int(Statistics.median(floorRates)))")
        print("flow.bare_runs_per_second: \(Int(Statistics.median(bareRates)))")
        print("flow.kernel_over_floor: \(Ratio.format(Statistics.median(floorRatios)))")
        print("flow.kernel_over_bare: \(Ratio.format(Statistics.median(ratios)))")
    }

    /// The floor: the flow as the tightest plain loop, a list of timed closures kept in the order
    /// they run (`TimerList`), reused between runs. Three calls answered after their latencies,
    /// then a chain of 30 one-second ticks: 33 closures called, nothing else.
    private func runFloor() -> Double {
        let stopwatch = Stopwatch()
        let list = TimerList()
        for _ in 0..<runs {
            list.reset()
            var answers = 0, ticks = 0
            func tick() {
                ticks += 1
                if ticks < 30 { list.after(1_000_000_000, tick) }
            }
            for latency: Int64 in [20, 35, 50] {
                list.after(latency * 1_000_000) {
                    answers += 1
                    if answers == 3 { list.after(1_000_000_000, tick) }
                }
            }
            list.run()
            precondition(ticks == 30 && list.now == 30_050_000_000, "the floor's flow ticked \(ticks) times")
        }
        return stopwatch.elapsedSeconds
    }

    /// Each run: a simulation; three calls at once (each a request that waits its latency on the
    /// virtual clock, then the server's answer); then 30 ticks of one second.
    private func runKernel() -> Double {
        let stopwatch = Stopwatch()
        for seed in 0..<runs {
            let simulation = Simulation(seed: UInt64(seed))
            let result = simulation.run {
                let server = FlowServer(simulation: simulation)
                let clock = simulation.clock
                async let first = server.call(latency: 20, clock: clock)
                async let second = server.call(latency: 35, clock: clock)
                async let third = server.call(latency: 50, clock: clock)
                _ = await (first, second, third)
                for _ in 0..<30 { try? await clock.sleep(for: .seconds(1), label: "countdown") }
            }
            precondition(result.isClean, "the flow benchmark run must be clean:\n\(result.report)")
        }
        return stopwatch.elapsedSeconds
    }

    /// The same flow as callbacks: three timers whose steps poke the server, a join, then a
    /// chain of 30 one-second timers. One loop serves every run (emptied in between), so the
    /// floor pays for no allocation of its own storage.
    private func runBare() -> Double {
        let stopwatch = Stopwatch()
        let loop = BareLoop()
        for _ in 0..<runs {
            loop.reset()
            let flow = BareFlow()
            for latency: Int64 in [20, 35, 50] {
                loop.enqueue {
                    loop.schedule(after: latency * 1_000_000) {
                        loop.enqueue { flow.answered(loop: loop) }
                    }
                }
            }
            loop.run(steps: Int.max)
            precondition(flow.ticks == 30, "the bare flow ticked \(flow.ticks) times")
        }
        return stopwatch.elapsedSeconds
    }
}

/// The kernel flow's server: counts the calls it answers.
actor FlowServer {
    let simulation: Simulation
    private var answered = 0

    init(simulation: Simulation) { self.simulation = simulation }

    nonisolated var unownedExecutor: UnownedSerialExecutor { simulation.executor.asUnownedSerialExecutor() }

    nonisolated func call(latency: Int, clock: SimulationClock) async -> Int {
        try? await clock.sleep(for: .milliseconds(latency), label: "request")
        return await answer()
    }

    private func answer() -> Int {
        answered += 1
        return answered
    }
}

/// A list of timed closures in the order they run (the latest first, so the next is the last):
/// the tightest loop for a flow of a few pending timers. A new closure is placed by a short walk
/// from the end; ties run in the order they were added, as the kernel's timers do.
final class TimerList {
    private var entries: [(deadline: Int64, action: () -> Void)] = []
    private(set) var now: Int64 = 0

    func reset() {
        entries.removeAll(keepingCapacity: true)
        now = 0
    }

    func after(_ delay: Int64, _ action: @escaping () -> Void) {
        let deadline = now + delay
        var index = entries.count
        // Entries after the place run first: an earlier deadline, or the same one added before.
        while index > 0, entries[index - 1].deadline <= deadline { index -= 1 }
        entries.insert((deadline, action), at: index)
    }

    func run() {
        while let next = entries.popLast() {
            now = next.deadline
            next.action()
        }
    }
}

/// The bare flow's state: the answers so far, then the countdown.
final class BareFlow {
    private var answers = 0
    private(set) var ticks = 0

    func answered(loop: BareLoop) {
        answers += 1
        if answers == 3 { tick(loop: loop) }
    }

    private func tick(loop: BareLoop) {
        loop.schedule(after: 1_000_000_000) { [unowned self] in
            loop.enqueue {
                self.ticks += 1
                if self.ticks < 30 { self.tick(loop: loop) }
            }
        }
    }
}
