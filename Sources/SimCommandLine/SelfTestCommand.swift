import SimKernel
import Scenarios

/// `onboarding-sim selftest`: runs the kernel's fixed workload and prints its trace hash, so
/// two machines or builds can check they simulate identically.
enum SelfTestCommand {
    static let subcommand = Subcommand(
        name: "selftest",
        summary: "run the kernel's fixed workload and print its trace hash",
        usage: """
            usage: \(ToolName.current) selftest [--seed S] [--strategy fifo|seeded] [--trace]
                   \(ToolName.current) selftest --spin [--watchdog S]
                   \(ToolName.current) selftest --crash
                   \(ToolName.current) selftest --overflow

            Runs a small fixed workload of actors and same-instant timers on the simulation
            kernel and prints its outcome and trace hash. The same seed and strategy print the
            same hash in every process and on every machine; compare it to check a new machine.

            options:
              --seed S          master seed (default 1)
              --strategy NAME   order of timers due at the same instant: fifo or seeded (default seeded)
              --trace           also print the canonical trace, one event per line
              --spin            run the workload, then a task that loops without ever suspending,
                                to see the watchdog report it and exit 1 (after 10 s)
              --crash           run the workload, then a task that traps (an index out of
                                range), to see the run and seed named before the runtime's
                                own crash report (the process ends on the signal)
              --overflow        run the workload, then a task that recurses without end until
                                its stack is spent, to see the run, its seed and "a stack
                                overflow" named all the same (the process ends on the signal)
              --watchdog S      with --spin, the watchdog's wall-time limit (default 10)

            examples:
              \(ToolName.current) selftest --seed 7
              \(ToolName.current) selftest --spin --watchdog 2

            Exit codes: 0 the workload ran clean (the same hash everywhere), 1 it did not, or
            --spin's report; 2 bad usage; --crash and --overflow end on their signal (132 and 139 in a shell).
            """,
        flags: ["--trace", "--spin", "--crash", "--overflow"],
        options: ["--seed", "--strategy", WatchdogOption.option],
        run: run)

    static func run(_ arguments: ParsedArguments) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else {
            throw UsageError(message: "selftest takes no paths, got '\(arguments.positionals[0])'")
        }
        let seed = try arguments.unsigned("--seed") ?? 1
        let strategy = try strategyValue(arguments.value("--strategy") ?? "seeded")
        if let flag = ["--spin", "--crash", "--overflow"].first(where: arguments.has) {
            try WatchdogOption.start(arguments) { _, seed, _ in "\(ToolName.current) selftest \(flag) --seed \(seed)" }
            guard Watchdog.isWatching else { throw UsageError(message: "\(flag) needs the watchdog: give --watchdog S with S > 0") }
            switch flag {
            case "--spin": _ = KernelSelfCheck.runSpinning(seed: seed, strategy: strategy)
            case "--crash": _ = KernelSelfCheck.runCrashing(seed: seed, strategy: strategy)
            default: _ = KernelSelfCheck.runOverflowing(seed: seed, strategy: strategy)
            }
            return ExitCode.violations
        } else if arguments.value(WatchdogOption.option) != nil {
            throw UsageError(message: "--watchdog goes with --spin, --crash or --overflow (the plain workload cannot hang)")
        }
        let result = KernelSelfCheck.run(seed: seed, strategy: strategy)
        if arguments.has("--trace") { Console.out(result.trace.canonicalText, terminator: "") }
        Console.out("seed: \(seed)")
        Console.out("strategy: \(strategy)")
        Console.out(result.report)
        Console.out("foreign jobs: \(result.foreignEnqueues)")
        return result.isClean ? ExitCode.ok : ExitCode.violations
    }

    static func strategyValue(_ text: String) throws(UsageError) -> SchedulingStrategy {
        if let strategy = SchedulingStrategy(rawValue: text) { return strategy }
        var message = "--strategy takes fifo or seeded, got '\(text)'"
        if let suggestion = DidYouMean.closest(to: text, among: SchedulingStrategy.allCases.map(\.rawValue)) {
            message += "; did you mean '\(suggestion)'?"
        }
        throw UsageError(message: message)
    }
}
