#if canImport(Glibc)
import Glibc
#endif

/// Gives glibc's allocator a per-thread cache big enough for an explored seed.
///
/// A seed allocates a few hundred small objects (screens, events, timers, requests) and frees
/// them all when its trace has been judged. glibc's per-thread cache keeps only 7 freed blocks of
/// each size, so most of the next seed's allocations take the allocator's slow path (its bins,
/// and a consolidation of them whenever a larger block is asked for): about a tenth of the time
/// of every seed. The cache's size is a tunable that glibc reads from the environment when a
/// process starts and that no call can change later, so the tool restarts itself once, at
/// start, with `GLIBC_TUNABLES=glibc.malloc.tcache_count=1000`. Nothing a run computes depends
/// on it: traces and hashes are the same either way (docs/exploration.md, Performance).
///
/// It does nothing when the variable already names `tcache_count` (set your own value that way),
/// when `ONBOARDING_SIM_TUNE_ALLOCATOR=0`, or off Linux; if the restart fails the process goes on
/// as it was.
public enum AllocatorTuning {
    /// The tunable and the value the tool restarts with.
    public static let setting = "glibc.malloc.tcache_count=1000"
    /// The environment variable that turns the restart off when it is `0`.
    public static let optOut = "ONBOARDING_SIM_TUNE_ALLOCATOR"

    /// The `GLIBC_TUNABLES` value to restart with, or nil when no restart is wanted.
    /// Pure, for tests: `current` is the variable's value, `optOut` the opt-out variable's.
    public static func tunables(current: String?, optOut: String?) -> String? {
        if optOut == "0" { return nil }
        if let current, current.contains("glibc.malloc.tcache_count") { return nil }
        guard let current, !current.isEmpty else { return setting }
        return current + ":" + setting
    }

    /// Restarts this process (the same executable, the same arguments) with the tunable set,
    /// unless `tunables(current:optOut:)` says no. Returns only when it did not restart.
    public static func restartTunedIfNeeded() {
        #if os(Linux) && canImport(Glibc)
        let current = getenv("GLIBC_TUNABLES").map { String(cString: $0) }
        guard let tuned = tunables(current: current, optOut: getenv(optOut).map { String(cString: $0) }) else { return }
        setenv("GLIBC_TUNABLES", tuned, 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // Not restarted (no /proc, say): go on untuned, with the environment as it was given.
        if let current { setenv("GLIBC_TUNABLES", current, 1) } else { unsetenv("GLIBC_TUNABLES") }
        #endif
    }
}
