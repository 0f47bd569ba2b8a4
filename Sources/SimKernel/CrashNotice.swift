import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Names the run a crash happened in.
///
/// A trap in simulated code (an index out of range, a force-unwrapped nil, a `precondition` of a
/// team's own app) ends the whole process: Swift cannot catch it. The runtime says what trapped
/// ("Fatal error: Index out of range") and prints a backtrace, but not which of thousands of
/// explored seeds did it. Once installed, a crash signal on a thread that is driving a watched
/// simulation (`Watchdog`) first writes that run's subject, seed, virtual time, running tasks and
/// last trace lines to standard error, with the line `describe` adds (the replay command); then
/// the previous handlers (the runtime's backtracer) take the signal as before, and the process
/// ends as it would have.
///
/// A stack overflow (a self-assigning `didSet`, a recursion with no end) is named too: each
/// thread that drives a watched run gets an alternate signal stack of its own
/// (`prepareThisThread`, from `Simulation.run`), so the handler runs though the thread's stack is
/// spent, and a fault on the stack's guard page is told as one.
///
/// Linux only (Glibc's `sigaction`); elsewhere `install` does nothing. Nothing here changes a
/// run: the handler only reads, after the crash.
public enum CrashNotice {
    /// The signals a trap, a bad access or `abort()` raise.
    static let signals: [Int32] = {
        #if canImport(Glibc)
        [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]
        #else
        []
        #endif
    }()

    /// Set once, before any run starts; read only by the handler.
    nonisolated(unsafe) static var describe: (@Sendable (CrashedRun) -> String)?
    #if canImport(Glibc)
    nonisolated(unsafe) static var previous: [sigaction] = []
    #endif
    static let installed = Atomic<Bool>(false)
    static let handled = Atomic<Bool>(false)

    /// Installs the handler for the life of the process (once; later calls do nothing). Call it
    /// before the runs start, with the watchdog on: the runs it can name are the watched ones.
    public static func install(_ describe: @escaping @Sendable (CrashedRun) -> String) {
        #if canImport(Glibc)
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        Self.describe = describe
        // The runtime's handlers are kept before ours go in, so the handler always finds them.
        previous = signals.map { signal in
            var old = sigaction()
            sigaction(signal, nil, &old)
            return old
        }
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { signal, info, _ in
                CrashNotice.handle(signal, address: info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0)
            }
            // On the alternate stack `prepareThisThread` gave a driving thread (big enough for the
            // notice's text), so that a spent stack is reported too; elsewhere on the thread's own.
            action.sa_flags = SA_SIGINFO | SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
        #endif
    }

    /// On the crashing thread: the previous handlers back first (so a fault in here goes to them),
    /// then the notice, once per process. Returning re-runs the faulting instruction, which the
    /// previous handler then takes; `abort()`'s signal is raised again for it.
    static func handle(_ signal: Int32, address: UInt) {
        #if canImport(Glibc)
        for (position, number) in signals.enumerated() {
            var old = previous[position]
            sigaction(number, &old, nil)
        }
        if !handled.exchange(true, ordering: .acquiringAndReleasing), let run = Watchdog.runOnThisThread(), let describe {
            var run = run
            run.signal = signal
            run.stackOverflow = signal == SIGSEGV && ThreadStack.isGuardPage(address)
            let text = run.text + "\n  replay: " + describe(run) + "\n"
            _ = text.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
        }
        if signal == SIGABRT { raise(SIGABRT) }
        #endif
    }
}

/// The run a crash happened in, as the crashing thread saw it.
public struct CrashedRun: Sendable {
    /// What the run is of (a scenario file, a persona), as its runner named it.
    public let subject: String
    public let seed: UInt64
    /// Where the run drew afresh (branching exploration), empty for a plain seed's run.
    public var branches: [BranchPoint] = []
    public let virtualTime: SimulationInstant
    public let jobsRun: Int
    /// The names of the spawned tasks that had started and not finished.
    public let runningTasks: [String]
    /// The trace's last lines (none when the trace is not kept).
    public let lastTraceLines: [String]
    /// The signal's number.
    public internal(set) var signal: Int32 = 0
    /// Whether the fault was on the guard page below the thread's stack: the stack was spent.
    public internal(set) var stackOverflow = false

    /// The signal as a reader knows it.
    var signalName: String {
        #if canImport(Glibc)
        if stackOverflow { return "a stack overflow (signal \(signal): a recursion with no end, such as a property that sets itself)" }
        switch signal {
        case SIGILL, SIGTRAP: return "a trap (signal \(signal))"
        case SIGSEGV, SIGBUS: return "a bad memory access (signal \(signal))"
        case SIGFPE: return "an arithmetic fault (signal \(signal))"
        case SIGABRT: return "abort() (signal \(signal))"
        default: return "signal \(signal)"
        }
        #else
        return "signal \(signal)"
        #endif
    }

    /// The notice, several lines, without the replay command.
    public var text: String {
        let notice = "crash: \(subject) seed \(seed)\(branches.map(\.description).joined()) ended the process with \(signalName) at virtual time \(virtualTime), "
            + "after \(jobsRun) job(s); the runtime's own report says where."
        return ([notice] + StallReport.details(runningTasks: runningTasks, lastTraceLines: lastTraceLines)).joined(separator: "\n")
    }
}
