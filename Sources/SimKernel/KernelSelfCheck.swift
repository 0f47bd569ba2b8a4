import Synchronization

/// A small fixed workload that exercises the kernel end to end: actors on the simulation
/// executor, same-instant timers, cancellation and child tasks.
///
/// `onboarding-sim selftest` runs it and prints the trace hash, so two machines (or two
/// builds) can check that they simulate identically before comparing real scenarios.
public enum KernelSelfCheck {
    /// An event of the self-check workload.
    public enum Event: TraceRecord, Equatable {
        case woke(worker: Int, round: Int)
        case pinged(count: Int)
        case cancelled(worker: Int)

        public var lane: String { "selfcheck" }

        public func writeCanonical(to writer: inout some CanonicalWriter) {
            writer.write(text)
        }

        var text: String {
            switch self {
            case .woke(let worker, let round): "woke worker=\(worker) round=\(round)"
            case .pinged(let count): "pinged count=\(count)"
            case .cancelled(let worker): "cancelled worker=\(worker)"
            }
        }
    }

    /// A counter actor isolated to the simulation executor.
    actor Counter {
        let simulation: Simulation
        private var count = 0

        init(simulation: Simulation) { self.simulation = simulation }

        nonisolated var unownedExecutor: UnownedSerialExecutor {
            simulation.executor.asUnownedSerialExecutor()
        }

        func ping() {
            count += 1
            simulation.record(Event.pinged(count: count))
        }
    }

    /// Runs the workload: `workers` tasks wake at the same instants for `rounds` rounds,
    /// each pinging a shared actor; one extra sleeper is cancelled half way.
    public static func run(seed: UInt64, strategy: SchedulingStrategy, workers: Int = 4, rounds: Int = 5)
        -> SimulationResult
    {
        let simulation = Simulation(seed: seed, strategy: strategy)
        return simulation.run {
            let counter = Counter(simulation: simulation)
            let clock = simulation.clock
            let sleeper = simulation.spawn("sleeper") {
                do {
                    try await clock.sleep(for: .seconds(3600), label: "long sleep")
                } catch {
                    simulation.record(Event.cancelled(worker: -1))
                }
            }
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        for round in 0..<rounds {
                            try? await clock.sleep(for: .milliseconds(100), label: "worker \(worker)")
                            simulation.record(Event.woke(worker: worker, round: round))
                            await counter.ping()
                        }
                    }
                }
            }
            sleeper.cancel()
            await sleeper.value
        }
    }

    /// The workload, then a task that traps, as a team's app code might (an index out of range):
    /// the process ends. What `selftest --crash` runs to show `CrashNotice` naming the run.
    public static func runCrashing(seed: UInt64, strategy: SchedulingStrategy) -> SimulationResult {
        runEnding(seed: seed, strategy: strategy, subject: "selftest --crash", before: "before the crash", task: "crasher") { simulation in
            let pages = [1, 2, 3]
            _ = pages[Int(simulation.now.nanoseconds / 100_000_000)]  // 300 ms: index 3 of 3
        }
    }

    /// The workload, then a task whose code recurses without end, as a property that sets itself
    /// in its own `didSet` does: the stack runs out and the process ends. What
    /// `selftest --overflow` runs to show `CrashNotice` naming the run all the same.
    public static func runOverflowing(seed: UInt64, strategy: SchedulingStrategy) -> SimulationResult {
        runEnding(seed: seed, strategy: strategy, subject: "selftest --overflow", before: "before the overflow", task: "overflowing") { _ in
            var value = SelfAssigning()
            _ = value.settle()
        }
    }

    /// Three rounds of the workload (a sleep labelled `before`, a ping each), then `ending` in a
    /// task named `task`, awaited: the run of `subject` that ends the process.
    private static func runEnding(seed: UInt64, strategy: SchedulingStrategy, subject: String, before label: String, task: String,
                                  _ ending: @escaping @Sendable (Simulation) -> Void) -> SimulationResult {
        let simulation = Simulation(seed: seed, strategy: strategy)
        simulation.subject = subject
        return simulation.run {
            let counter = Counter(simulation: simulation)
            for round in 0..<3 {
                try? await simulation.clock.sleep(for: .milliseconds(100), label: label)
                simulation.record(Event.woke(worker: 0, round: round))
                await counter.ping()
            }
            let ends = simulation.spawn(task) { ending(simulation) }
            await ends.value
        }
    }

    /// A value whose setter sets it again: each call a frame deeper, until the stack is spent.
    struct SelfAssigning {
        var depth = 0
        var frame: (Int, Int, Int, Int) = (0, 0, 0, 0)

        @inline(never) mutating func settle() -> Int {
            depth &+= 1
            frame = (depth, depth &+ 1, depth &+ 2, depth &+ 3)
            if depth < 0 { return frame.3 }  // never: the recursion has no end
            var deeper = self
            return deeper.settle() &+ frame.0  // work after the call: no tail call to turn into a loop
        }
    }

    /// Ends a spinning workload's loop (tests only: the command line lets the watchdog end the
    /// process instead).
    public static let stopSpinning = Atomic<Bool>(false)

    /// The workload, then a task that loops without ever suspending, as a model bug would (a
    /// wait that returns at once): the run never ends by itself. What `selftest --spin` runs to
    /// show the watchdog (`Watchdog`) at work.
    public static func runSpinning(seed: UInt64, strategy: SchedulingStrategy) -> SimulationResult {
        let simulation = Simulation(seed: seed, strategy: strategy)
        simulation.subject = "selftest --spin"
        return simulation.run {
            let counter = Counter(simulation: simulation)
            let clock = simulation.clock
            for round in 0..<3 {
                try? await clock.sleep(for: .milliseconds(100), label: "before the spin")
                simulation.record(Event.woke(worker: 0, round: round))
                await counter.ping()
            }
            let spinner = simulation.spawn("spinner") {
                while !stopSpinning.load(ordering: .relaxed) {}
            }
            await spinner.value
        }
    }
}

