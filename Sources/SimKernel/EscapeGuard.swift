#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps a run's work on its driver thread: every job the driver thread sends to the runtime's
/// global executor while it drives a run is taken into that run's ready queue, in order.
///
/// That is where a continuation resumes (the runtime resumes every `withUnsafeContinuation` on
/// the global executor, then hops back to the caller's actor), where a `Task {}` or
/// `Task.detached {}` starts, and where a hop to a `@concurrent` function goes. So tasks need no  // determinism: ok (names what the guard catches)
/// executor preference, and nothing that starts on the driver thread runs on another thread.
///
/// The runtime calls `swift_task_enqueueGlobal_hook`, when set, for every such job; the guard
/// sets it once per process, found with `dlsym`. (FoundationDB's Swift bindings set the same
/// hook to run Swift tasks on their own event loop.) Other threads (a test runner, another
/// simulation) are left alone, so runs in parallel in one process never take each other's work.
/// What no hook sees on Swift 6.3.1 goes through the executors `MainActorBridge` installs: main-actor
/// hops, and `Task.sleep`'s wake-up job (`BridgingDefaultExecutor`, parked on virtual time).  // determinism: ok (names it)
enum EscapeGuard {
    /// True when the runtime's hook was found and set. A run cannot work without it.
    static let isInstalled: Bool = install()

    /// Starts taking the calling thread's global jobs into `executor`.
    static func begin(_ executor: SimulationExecutor) {
        precondition(isInstalled, "the Swift runtime's enqueue hook was not found: a simulation cannot keep its work on its thread")
        precondition(pthread_getspecific(activeExecutorKey) == nil, "this thread already drives a simulation")
        pthread_setspecific(activeExecutorKey, Unmanaged.passUnretained(executor).toOpaque())
    }

    /// Stops taking the calling thread's global jobs.
    static func end() {
        pthread_setspecific(activeExecutorKey, nil)
    }

    /// The executor of the run the calling thread drives, if it drives one.
    static var active: SimulationExecutor? {
        guard let executor = pthread_getspecific(activeExecutorKey) else { return nil }
        return Unmanaged<SimulationExecutor>.fromOpaque(executor).takeUnretainedValue()
    }

    private static func install() -> Bool {
        guard let handle = dlopen(nil, RTLD_NOW), let plain = dlsym(handle, "swift_task_enqueueGlobal_hook") else {
            return false
        }
        let slot = plain.assumingMemoryBound(to: EnqueueGlobalHook?.self)
        previousHook = slot.pointee
        slot.pointee = takingHook
        return true
    }
}

typealias EnqueueGlobalOriginal = @convention(c) (UnsafeMutableRawPointer) -> Void
typealias EnqueueGlobalHook = @convention(c) (UnsafeMutableRawPointer, EnqueueGlobalOriginal) -> Void

/// The thread-local slot that points at the executor of the run this thread drives.
private let activeExecutorKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}()

// Written once, inside `install()`, before the hook can run; read only by the hook.
nonisolated(unsafe) private var previousHook: EnqueueGlobalHook?

private let takingHook: EnqueueGlobalHook = { job, original in
    if let executor = pthread_getspecific(activeExecutorKey) {
        Unmanaged<SimulationExecutor>.fromOpaque(executor).takeUnretainedValue().take(job)
        return
    }
    if let previous = previousHook { previous(job, original) } else { original(job) }
}
