// onboarding-bench: performance measured side by side in one run, printed as ratios.
// Never asserted in a test: these machines are shared and noisy.
#if canImport(Glibc)
import Glibc
#endif
import Exploration

// Measured as the tool runs: restarted once with its allocator tuning (see AllocatorTuning).
AllocatorTuning.restartTunedIfNeeded()
// The apps onboarding-sim runs, registered as it registers them.
_ = BenchApps.registered

let usage = """
    usage: onboarding-bench <measure>

    measures:
      kernel   jobs per second through the simulation executor (two actors ping-ponging
               on timers) against steps per second of a bare loop of closures doing the
               same ping-pong; prints kernel.jobs_per_second, bare.steps_per_second,
               kernel.ratio
      flow     the peer flow of issue #30 (three concurrent calls, then a 30 s countdown), each
               run in a simulation of its own, against the same flow on the floor (a plain list
               of timed closures) and on a bare loop of closures; prints
               flow.kernel_runs_per_second, flow.floor_runs_per_second, flow.bare_runs_per_second,
               flow.kernel_over_floor and flow.kernel_over_bare (the kernel's time over each)
      suite    virtual time simulated per wall second over every scenario in scenarios/
               (run from the package root); prints suite.virtual_over_wall
      explore  explored seeds per second on one worker for the free user and the scripted
               user side by side, and the speed-up from one worker to two on the same 1000
               seeds; prints explore.seeds_per_second (free), explore.scripted_seeds_per_second,
               explore.free_over_scripted, explore.speedup_2_jobs
      oracles  where judging a run goes: each oracle, the observation, the metrics and the
               coverage, timed over the same 1000 free-user runs; prints
               oracles.judging_per_run_us and each part's share and ns/run
      guided   coverage-guided exploration against plain seeds: for every catalogue id, the
               runs until the first failing one within 1000 runs, and the coverage reached
               on the fixed model; prints guided.* (an experiment, see docs/exploration.md)
      branching [--starts N] [EVERY[:RARITY[:SPLICE[:AFTER[:REDRAW]]]] ...]
               for every catalogue id of every app, from three starting seeds (or N of
               them: 1, 100001, 200001, …): the runs until the first failing one, plain
               seeds against explore --branching, within 1000 runs; prints branching.* per
               app (found, median, runs in all, sooner, later; issue #65). Each argument
               adds a strategy side by side: a branch in one slot of EVERY, the rarest of
               RARITY places, a splice in one of SPLICE, a place AFTER (0 or 1) ms past
               its new state
      blind    for every catalogue id of every app, with the free and the scripted user: the
               failing runs in the first 1000 seeds and the first seed that fails, as the
               Markdown table docs/exploration.md keeps; then per app and user how many were
               found and the median first seed (about ten minutes on two cores)
      memory   peak resident size of explore after 10,000 and after 1,000,000 seeds
               (two workers; about two minutes); prints memory.explore_*_peak_rss_mb
      input    decoding and running a 100,000-key and a 100,000-step file against 1,000
               of each; prints input.*_per_item_ratio (1.0 is linear time)
      fuzz [--count N] [--seed S]
               N seeded mutations (default 10000) of every scenario in scenarios/, each
               checked: no trap, every rejection placed, every accepted run ends; exit 1
               if any case fails

    Every figure is a median of repetitions measured interleaved in one run.
    Run it in release mode: swift run -c release onboarding-bench kernel
    """

let arguments = Array(CommandLine.arguments.dropFirst())
// Only fuzz and branching take options: anything after another measure is a mistake, said before the work.
if let measure = arguments.first, measure != "fuzz", measure != "branching", arguments.count > 1 {
    FileHandleOutput.error("onboarding-bench \(measure): takes no options, got '\(arguments[1])'\n\n" + usage)
    exit(2)
}
switch arguments.first {
case "kernel":
    KernelBenchmark().run()
case "flow":
    FlowBenchmark().run()
case "suite":
    if !SuiteBenchmark().run() { exit(2) }
case "explore":
    ExploreBenchmark().run()
case "oracles":
    OracleBenchmark().run()
case "memory":
    MemoryBenchmark().run()
case "guided":
    GuidedBenchmark().run()
case "blind":
    BlindBenchmark().run()
case "branching":
    // Each further argument a strategy: EVERY[:RARITY[:SPLICE[:AFTER[:REDRAW]]]] (branch one slot in EVERY,
    // pick the rarest of RARITY places, splice one branch in SPLICE, a place AFTER ms past its
    // state), measured beside the standard one.
    var benchmark = BranchingBenchmark()
    var rest = arguments.dropFirst()
    while let text = rest.popFirst() {
        if text == "--starts" {
            guard let count = rest.popFirst().flatMap({ Int($0) }), (1...100).contains(count) else {
                FileHandleOutput.error("onboarding-bench branching: --starts takes a whole number from 1 to 100\n\n" + usage)
                exit(2)
            }
            benchmark.firstSeeds = (0..<count).map { UInt64($0) * 100_000 + 1 }
            continue
        }
        guard let strategy = BranchingExploration.Strategy(text) else {
            FileHandleOutput.error("onboarding-bench branching: a strategy is EVERY[:RARITY[:SPLICE[:AFTER[:REDRAW]]]], such as 4:3:2, 2:1:0:1 or 2:1:0:0:user1, got '\(text)'\n\n" + usage)
            exit(2)
        }
        benchmark.strategies.append(strategy)
    }
    benchmark.run()
case "input":
    InputBenchmark().run()
case "fuzz":
    var fuzz = FuzzBenchmark()
    var rest = arguments.dropFirst()
    while let option = rest.popFirst() {
        guard let text = rest.popFirst(), let value = UInt64(text), option == "--count" || option == "--seed" else {
            FileHandleOutput.error("onboarding-bench fuzz: takes --count N and --seed S\n\n" + usage)
            exit(2)
        }
        if option == "--count" { fuzz.count = Int(min(value, 100_000_000)) } else { fuzz.seed = value }
    }
    if !fuzz.run() { exit(1) }
case "-h", "--help", "help":
    print(usage)
case nil:
    FileHandleOutput.error("onboarding-bench: name a measure\n\n" + usage)
    exit(2)
case let other?:
    FileHandleOutput.error("onboarding-bench: unknown measure '\(other)'\n\n" + usage)
    exit(2)
}
