#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts jobs that leave a simulation for the runtime's global executor.
///
/// The Swift runtime exposes hooks that it calls for every job sent to the global
/// concurrency executor (`swift_task_enqueueGlobal_hook`, and the variant with a delay
/// that `Task.sleep` uses). The guard installs a counter on them once per process,
/// found with `dlsym`, and then forwards every job to the runtime as before.
///
/// A job counts against a run only when it is enqueued *on that run's driver thread*
/// while the run is active: that is where `Task.detached`, a `Task {}` without executor
/// preference, or a hop to a nonisolated async function starts. Other threads (a test
/// runner, another simulation) are not counted, so runs in parallel do not blame each other.
enum EscapeGuard {
    /// True when the runtime's hooks were found and the counter is in place.
    static let isInstalled: Bool = install()

    /// Starts counting escapes for the calling thread; returns the counter to read at the end.
    static func begin() -> UnsafeMutablePointer<Int> {
        _ = isInstalled
        let counter = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        counter.initialize(to: 0)
        pthread_setspecific(escapeCounterKey, counter)
        return counter
    }

    /// Stops counting for the calling thread and returns how many jobs escaped.
    static func end(_ counter: UnsafeMutablePointer<Int>) -> Int {
        pthread_setspecific(escapeCounterKey, nil)
        let escaped = counter.pointee
        counter.deallocate()
        return escaped
    }

    private static func install() -> Bool {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        guard let plain = dlsym(handle, "swift_task_enqueueGlobal_hook"),
              let delayed = dlsym(handle, "swift_task_enqueueGlobalWithDelay_hook")
        else { return false }
        let plainSlot = plain.assumingMemoryBound(to: EnqueueGlobalHook?.self)
        let delayedSlot = delayed.assumingMemoryBound(to: EnqueueGlobalWithDelayHook?.self)
        previousPlainHook = plainSlot.pointee
        previousDelayedHook = delayedSlot.pointee
        plainSlot.pointee = countingPlainHook
        delayedSlot.pointee = countingDelayedHook
        return true
    }
}

typealias EnqueueGlobalOriginal = @convention(c) (UnsafeMutableRawPointer) -> Void
typealias EnqueueGlobalHook = @convention(c) (UnsafeMutableRawPointer, EnqueueGlobalOriginal) -> Void
typealias EnqueueGlobalWithDelayOriginal = @convention(c) (UInt64, UnsafeMutableRawPointer) -> Void
typealias EnqueueGlobalWithDelayHook =
    @convention(c) (UInt64, UnsafeMutableRawPointer, EnqueueGlobalWithDelayOriginal) -> Void

/// The thread-local slot that points at the active run's escape counter.
private let escapeCounterKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed with \(status)")
    return key
}()

// Written once, inside `install()`, before either hook can run; read only by the hooks.
nonisolated(unsafe) private var previousPlainHook: EnqueueGlobalHook?
nonisolated(unsafe) private var previousDelayedHook: EnqueueGlobalWithDelayHook?

private func countEscape() {
    guard let slot = pthread_getspecific(escapeCounterKey) else { return }
    slot.assumingMemoryBound(to: Int.self).pointee += 1
}

private let countingPlainHook: EnqueueGlobalHook = { job, original in
    countEscape()
    if let previous = previousPlainHook { previous(job, original) } else { original(job) }
}

private let countingDelayedHook: EnqueueGlobalWithDelayHook = { delay, job, original in
    countEscape()
    if let previous = previousDelayedHook { previous(delay, job, original) } else { original(delay, job) }
}
