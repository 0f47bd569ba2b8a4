import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Files a run has begun but not finished (`--per-seed`'s `FILE.partial-<pid>`), removed when
/// Ctrl-C, SIGTERM or SIGHUP ends the tool; the tool then ends by that signal, as it would have.
///
/// A plain `sigaction` handler that calls only `unlink`, `signal` and `raise` (each safe in a
/// signal handler), on paths copied to C strings beforehand: a Dispatch signal source needs a
/// free thread to run on, and a busy exploration gave it none.
enum InterruptCleanup {
    /// At most this many files at once (a run writes one).
    private static let capacity = 8
    nonisolated(unsafe) private static let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
    nonisolated(unsafe) private static var installed = false
    private static let lock = NSLock()

    /// Removes `path` if the tool is interrupted before `forget(_:)`.
    static func remove(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installed = true
            slots.initialize(repeating: nil, count: capacity)
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                // A signal the tool was started with ignored (a background job's SIGINT, nohup's
                // SIGHUP) stays ignored.
                var old = sigaction()
                sigaction(signalNumber, nil, &old)
                if unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = { signalNumber in
                    for index in 0..<InterruptCleanup.capacity {
                        if let path = InterruptCleanup.slots[index] { unlink(path) }
                    }
                    signal(signalNumber, SIG_DFL)
                    raise(signalNumber)
                }
                sigemptyset(&action.sa_mask)
                sigaction(signalNumber, &action, nil)
            }
            // Delivered to this thread even where the tool was started with them blocked.
            var unblock = sigset_t()
            sigemptyset(&unblock)
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&unblock, signalNumber) }
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        }
        guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return }
        slots[free] = strdup(path)
    }

    /// `path` is finished (renamed into place, or removed): nothing to do for it any more.
    static func forget(_ path: String) {
        lock.lock()
        defer { lock.unlock() }
        guard installed else { return }
        for index in 0..<capacity {
            if let slot = slots[index], String(cString: slot) == path {
                slots[index] = nil
                free(slot)
            }
        }
    }
}
