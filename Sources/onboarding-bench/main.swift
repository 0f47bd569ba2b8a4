// onboarding-bench: performance measured side by side in one run, printed as ratios.
// Never asserted in a test: these machines are shared and noisy.
#if canImport(Glibc)
import Glibc
#endif
import Exploration

// Measured as the tool runs: restarted once with its allocator tuning (see AllocatorTuning).
AllocatorTuning.restartTunedIfNeeded()

let usage = """
    usage: onboarding-bench <measure>

    measures:
      kernel   jobs per second through the simulation executor (two actors ping-ponging
               on timers) against steps per second of a bare loop of closures doing the
               same ping-pong; prints kernel.jobs_per_second, bare.steps_per_second,
               kernel.ratio
      suite    virtual time simulated per wall second over every scenario in scenarios/
               (run from the package root); prints suite.virtual_over_wall
      explore  explored seeds per second on one worker, and the speed-up from one worker
               to two on the same 1000 seeds; prints explore.seeds_per_second,
               explore.speedup_2_jobs

    Every figure is a median of repetitions measured interleaved in one run.
    Run it in release mode: swift run -c release onboarding-bench kernel
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "kernel":
    KernelBenchmark().run()
case "suite":
    if !SuiteBenchmark().run() { exit(2) }
case "explore":
    ExploreBenchmark().run()
case "-h", "--help", "help":
    print(usage)
case nil:
    FileHandleOutput.error("onboarding-bench: name a measure\n\n" + usage)
    exit(2)
case let other?:
    FileHandleOutput.error("onboarding-bench: unknown measure '\(other)'\n\n" + usage)
    exit(2)
}
