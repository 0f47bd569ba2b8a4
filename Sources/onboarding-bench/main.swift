// onboarding-bench: performance measured side by side in one run, printed as ratios.
// Never asserted in a test: these machines are shared and noisy.
#if canImport(Glibc)
import Glibc
#endif

let usage = """
    usage: onboarding-bench <measure>

    measures:
      kernel   jobs per second through the simulation executor (two actors ping-ponging
               on timers) against steps per second of a bare loop of closures doing the
               same ping-pong; prints kernel.jobs_per_second, bare.steps_per_second,
               kernel.ratio

    Run it in release mode: swift run -c release onboarding-bench kernel
    """

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "kernel":
    KernelBenchmark().run()
case "-h", "--help", "help":
    print(usage)
case nil:
    FileHandleOutput.error("onboarding-bench: name a measure\n\n" + usage)
    exit(2)
case let other?:
    FileHandleOutput.error("onboarding-bench: unknown measure '\(other)'\n\n" + usage)
    exit(2)
}
