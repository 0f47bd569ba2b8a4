extension Actor {
    /// Runs `body` isolated to this actor, synchronously, from code that already runs on the
    /// simulation's executor, which every actor of a simulation shares.
    ///
    /// What `assumeIsolated` does, without its run-time executor check in release builds (debug
    /// builds still check) and without the two closure contexts it allocated on every call here:
    /// the model reads its timer and screen this way on every screen refresh.
    ///
    /// ```swift
    /// let remaining = otpTimer.onSharedExecutor { $0.remaining }
    /// ```
    @inlinable @inline(__always)
    public nonisolated func onSharedExecutor<T>(_ body: (isolated Self) throws -> T) rethrows -> T {
        assertIsolated("onSharedExecutor needs the actor's executor: the simulation's, on its driver thread")
        return try withoutActuallyEscaping(body) { escapable in
            // An `isolated` parameter is an ordinary parameter in the calling convention.
            try unsafeBitCast(escapable, to: ((Self) throws -> T).self)(self)
        }
    }
}
