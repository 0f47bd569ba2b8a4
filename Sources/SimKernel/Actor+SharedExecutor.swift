extension Actor {
    /// Runs `body` isolated to this actor, synchronously, from code that already runs on the
    /// simulation's executor, which every actor of a simulation shares.
    ///
    /// What `assumeIsolated` does, without its run-time executor check in release builds (debug
    /// builds still check) and without the closure contexts it allocates on every call: the
    /// model reads its timer and screen this way on every screen refresh. A body that captures
    /// nothing costs no allocation; one that captures values costs one (its context), so hand
    /// the values over with `onSharedExecutor(passing:_:)` instead.
    ///
    /// ```swift
    /// let remaining = otpTimer.onSharedExecutor { $0.remaining }
    /// ```
    @inlinable @inline(__always)
    public nonisolated func onSharedExecutor<T>(_ body: @escaping (isolated Self) -> T) -> T {
        #if DEBUG
        assertIsolated("onSharedExecutor needs the actor's executor: the simulation's, on its driver thread")
        #endif
        // An `isolated` parameter is an ordinary parameter in the calling convention.
        return unsafeBitCast(body, to: ((Self) -> T).self)(self)
    }

    /// `onSharedExecutor` for a body that captures nothing and takes what it needs as
    /// `argument`: no closure context, so nothing is allocated per call.
    ///
    /// ```swift
    /// screen.onSharedExecutor(passing: state) { $0.show($1) }
    /// ```
    @inlinable @inline(__always)
    public nonisolated func onSharedExecutor<Argument, T>(passing argument: Argument,
                                                          _ body: @escaping (isolated Self, Argument) -> T) -> T {
        #if DEBUG
        assertIsolated("onSharedExecutor needs the actor's executor: the simulation's, on its driver thread")
        #endif
        return unsafeBitCast(body, to: ((Self, Argument) -> T).self)(self, argument)
    }
}
