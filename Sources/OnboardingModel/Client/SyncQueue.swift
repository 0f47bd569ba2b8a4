import SimKernel

/// The persisted queue of progress pushes and token registrations (seed 003: "Use existing
/// SyncQueue for onboarding status"; "Offline completion: Auto-sync when connection returns").
///
/// Fixed: items stay queued until the backend accepts them; failures retry with exponential
/// backoff (1 s, 2 s, 4 s … 30 s); offline, it waits for the connection; a newer step of a user
/// supersedes the older steps still queued. Mutant `pit-6`:
/// one attempt, and a failed push is dropped: local state moves on, the backend never hears.
actor SyncQueue {
    let simulation: Simulation
    let disk: DeviceDisk
    let network: Network
    let process: AppProcess
    let mutants: MutantSet
    let requestTimeout: Duration
    private var flushing = false

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    init(simulation: Simulation, disk: DeviceDisk, network: Network, process: AppProcess,
         mutants: MutantSet, requestTimeout: Duration) {
        self.simulation = simulation
        self.disk = disk
        self.network = network
        self.process = process
        self.mutants = mutants
        self.requestTimeout = requestTimeout
    }

    func enqueue(_ item: SyncItem) {
        if case .progress(let user, let phase) = item {
            // The backend keeps the furthest step, so a newer step supersedes older queued ones
            // of the same user (never the head while it is being sent).
            let protected = flushing ? 1 : 0
            var position = disk.storage.syncQueue.count - 1
            while position >= protected {
                if case .progress(user, let queued) = disk.storage.syncQueue[position], queued <= phase {
                    disk.storage.syncQueue.remove(at: position)
                }
                position -= 1
            }
        }
        disk.storage.syncQueue.append(item)
        if case .progress(let user, let phase) = item {
            simulation.record(ModelEvent.syncQueued(user: user, phase: phase))
        }
        startFlushing()
    }

    /// Starts delivering queued items (also what a new launch does with a persisted queue).
    func startFlushing() {
        guard !flushing, !disk.storage.syncQueue.isEmpty else { return }
        flushing = true
        process.spawn("sync-queue flush") { await self.flush() }
    }

    private func flush() async {
        defer { flushing = false }
        var failures = 0
        while let item = disk.storage.syncQueue.first {
            if !mutants.contains(.pit6) { await network.waitUntilOnline() }
            if Task.isCancelled { return }
            let result = await network.send(request(for: item), timeout: requestTimeout)
            switch result {
            case .success:
                removeFirst(item)
                failures = 0
                if case .progress(let user, let phase) = item {
                    simulation.record(ModelEvent.syncDelivered(user: user, phase: phase))
                }
            case .failure(.cancelled):
                return
            case .failure:
                if mutants.contains(.pit6) {
                    // pit-6: "Network error when updating backend, but local updated" — never retried.
                    removeFirst(item)
                    if case .progress(let user, let phase) = item {
                        simulation.record(ModelEvent.syncAbandoned(user: user, phase: phase))
                    }
                    continue
                }
                failures += 1
                let backoff = Duration.seconds(min(30, 1 << min(failures - 1, 5)))
                do {
                    try await simulation.clock.sleep(for: backoff, label: "sync-queue backoff")
                } catch { return }
            }
        }
    }

    private func removeFirst(_ item: SyncItem) {
        precondition(disk.storage.syncQueue.first == item, "only the flush loop removes from the queue's head")
        disk.storage.syncQueue.removeFirst()
    }

    private func request(for item: SyncItem) -> BackendRequest {
        switch item {
        case .progress(let user, let phase): .pushProgress(userID: user, phase: phase)
        case .pushToken(let user, let token): .registerPush(userID: user, token: token)
        }
    }
}
