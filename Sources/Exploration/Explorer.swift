import Foundation
import Synchronization
import SimKernel
import OnboardingModel
import Oracles
import Scenarios

/// What the explorer varies: a built-in persona, or a scenario file.
public enum ExplorationTarget: Sendable {
    case persona(Persona)
    case scenario(Scenario)

    public var name: String {
        switch self {
        case .persona(let persona): persona.rawValue
        case .scenario(let scenario): scenario.file
        }
    }

    /// The scenario this target runs for `seed`: the persona's, or the file's with the seed's
    /// swarm faults added and seeded same-instant ordering.
    public func scenario(seed: UInt64) -> (Scenario, Swarm) {
        let swarm = Swarm.draw(seed: seed)
        switch self {
        case .persona(let persona):
            return (persona.scenario(seed: seed, swarm: swarm), swarm)
        case .scenario(var scenario):
            var world = scenario.world
            swarm.apply(to: &world)
            scenario.world = world
            scenario.seed = seed
            scenario.strategy = .seeded
            return (scenario, swarm)
        }
    }
}

/// Which seeds to explore, how to split them, and what to switch on.
public struct ExplorationPlan: Sendable {
    public var targets: [ExplorationTarget]
    public var firstSeed: UInt64
    public var seedCount: Int
    /// Shard `index` (1-based) of `count`: the seeds whose offset from `firstSeed` is `index - 1` modulo `count`.
    public var shard: (index: Int, count: Int)
    public var mutants: [Mutant]

    public init(targets: [ExplorationTarget], firstSeed: UInt64 = 1, seedCount: Int,
                shard: (index: Int, count: Int) = (1, 1), mutants: [Mutant] = []) {
        precondition(!targets.isEmpty, "exploration needs a target")
        precondition(shard.index >= 1 && shard.index <= shard.count, "a shard index lies in 1...count")
        self.targets = targets
        self.firstSeed = firstSeed
        self.seedCount = seedCount
        self.shard = shard
        self.mutants = mutants
    }

    /// The seeds of this shard, in order.
    public var seeds: [UInt64] {
        (0..<UInt64(seedCount)).filter { Int($0 % UInt64(shard.count)) == shard.index - 1 }.map { firstSeed &+ $0 }
    }

    /// Seed `seed` runs this target.
    public func target(for seed: UInt64) -> ExplorationTarget {
        targets[Int(seed % UInt64(targets.count))]
    }
}

/// One explored run: which target and seed, the swarm it drew, and the result.
public struct ExplorationRun: Sendable {
    public let target: String
    public let seed: UInt64
    public let swarm: Swarm
    public internal(set) var result: ScenarioResult
}

/// Runs many seeds, on one or more workers; the results are the same for any number of workers.
public enum Explorer {
    /// Explores `plan` with `jobs` workers, each driving its own simulations on its own thread.
    /// `progress` is called (from any worker) after each run with the number done so far.
    public static func run(_ plan: ExplorationPlan, jobs: Int = 1,
                           progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) -> [ExplorationRun] {
        precondition(jobs >= 1, "at least one worker")
        let seeds = plan.seeds
        let slots = Mutex<[ExplorationRun?]>(Array(repeating: nil, count: seeds.count))
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let work: @Sendable (Int) -> Void = { _ in
            while true {
                let position = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard position < seeds.count else { return }
                // A run of many seeds keeps each trace's hash, not its entries: memory stays flat
                // and the allocator reuses one run's blocks for the next (`replay` brings them back).
                var run = explore(plan, seed: seeds[position])
                run.result.releaseTraceEntries()
                // Moved into its slot, not copied: a run holds a few dozen references.
                var finished = Optional(consume run)
                slots.withLock { $0[position] = finished.take() }
                progress(done.wrappingAdd(1, ordering: .relaxed).newValue, seeds.count)
            }
        }
        if jobs == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: jobs, execute: work)
        }
        // Moved out of the slots (taken, then each run moved), not copied one by one.
        var filled = slots.withLock { slots in
            let all = slots
            slots = []
            return all
        }
        var runs: [ExplorationRun] = []
        runs.reserveCapacity(filled.count)
        for position in filled.indices { runs.append(filled[position].take()!) }
        return runs
    }

    /// One seed of the plan.
    public static func explore(_ plan: ExplorationPlan, seed: UInt64) -> ExplorationRun {
        let target = plan.target(for: seed)
        let (scenario, swarm) = target.scenario(seed: seed)
        let result = ScenarioRunner.run(scenario, seed: seed, mutants: plan.mutants)
        return ExplorationRun(target: target.name, seed: seed, swarm: swarm, result: result)
    }
}
