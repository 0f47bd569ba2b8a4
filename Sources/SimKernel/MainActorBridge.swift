@_spi(ExperimentalCustomExecutors) import _Concurrency
import Synchronization

/// `@MainActor` code under the kernel: a main executor that takes every main-actor job sent from  // determinism: ok (the bridge keeps main-actor jobs in the run)
/// a thread that drives a run into that run's ready queue, in order, and runs it there as the
/// main actor's (so isolation checks hold), as the escape guard takes the global executor's. Jobs
/// from any other thread go to the platform's own main executor, unchanged. With it come a default
/// executor that parks a run's `Task.sleep` on the run's clock (`BridgingDefaultExecutor`) and the  // determinism: ok (names it)
/// clocks' reading of the run's time (`VirtualClockReading`); every `Simulation.run` installs it.
///
/// On Swift 6.3.1 a custom main executor is SPI (`ExperimentalCustomExecutors`) and is installed
/// with `_createExecutors(factory:)`, which must come before anything uses the main actor: call
/// `install()` first thing in `main` (`SimCommandLine.run` does).
public enum MainActorBridge {
    /// Installs the bridge once per process; later calls do nothing.
    public static func install() { _ = installed }

    /// Whether `install()` has run in this process.
    public static var isInstalled: Bool { installedFlag.load(ordering: .relaxed) }

    private static let installed: Bool = {
        _ = VirtualClockReading.isInstalled
        _createExecutors(factory: BridgingExecutorFactory.self)
        installedFlag.store(true, ordering: .relaxed)
        return true
    }()

    private static let installedFlag = Atomic(false)
}

/// The factory `_createExecutors` asks for the main and the default executors.
struct BridgingExecutorFactory: ExecutorFactory {
    static let main = BridgingMainExecutor()
    static var mainExecutor: any MainExecutor { main }
    static let `default` = BridgingDefaultExecutor()
    static var defaultExecutor: any TaskExecutor { `default` }
}

/// The main executor: a run's own jobs into the run, everything else to the platform's.
final class BridgingMainExecutor: MainExecutor, @unchecked Sendable {
    let platform: any MainExecutor = PlatformExecutorFactory.mainExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        if let run = EscapeGuard.active {
            run.takeMainActorJob(UnownedJob(job))
        } else {
            platform.enqueue(job)
        }
    }

    /// On a thread that drives a run, the run is the phone's main thread: every job of the run,
    /// the main actor's and the simulation's, runs there one at a time, so code of the run may
    /// assume the main actor (`MainActor.assumeIsolated`), as code on a device's main thread may.
    func isIsolatingCurrentContext() -> Bool? {
        EscapeGuard.active != nil ? true : platform.isIsolatingCurrentContext()
    }

    func checkIsolated() {
        if EscapeGuard.active == nil { platform.checkIsolated() }
    }

    func run() throws { try platform.run() }
    func stop() { platform.stop() }
}
