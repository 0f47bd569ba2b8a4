import SimKernel
import AppVocabulary

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
    @exclusivity(unchecked) private var flushing = false
    /// Wakes the flusher while it idles with the queue empty: one task per process delivers every
    /// item, instead of one task per burst of items.
    private let idleWakeup = Wakeup()
    @exclusivity(unchecked) private var isIdle = false
    @exclusivity(unchecked) private var flusher: SimulationTask?
    /// Told when the backend refuses a user's session (401): the store's account-loss handling.
    @exclusivity(unchecked) var onSessionRefused: (@Sendable (String) -> Void)?

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
        if mutants.contains(.decPushOrder), case .progress(let user, let phase) = item {
            // dec-push-order: each step's push is its own request, sent as the step completes, not
            // after the one before it: on a slow network a later step can arrive first.
            simulation.record(ModelEvent.syncQueued(user: user, phase: phase.step))
            process.spawn("push \(phase.rawValue) on its own") { await self.pushAlone(item) }
            return
        }
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
            simulation.record(ModelEvent.syncQueued(user: user, phase: phase.step))
        }
        startFlushing()
    }

    /// Starts delivering queued items (also what a new launch does with a persisted queue): wakes
    /// the idle flusher, or starts it. Either way its next job is queued here, so the two are
    /// indistinguishable in the trace.
    func startFlushing() {
        guard !flushing, !disk.storage.syncQueue.isEmpty else { return }
        flushing = true
        if isIdle, let flusher {
            isIdle = false
            simulation.wake(idleWakeup)
            process.restarted(flusher)
        } else {
            flusher = process.spawn("sync-queue flush") { await self.flushUntilKilled() }
        }
    }

    /// Delivers everything queued, then idles until `startFlushing` wakes it, until the process dies.
    private func flushUntilKilled() async {
        defer {
            flushing = false
            isIdle = false
        }
        while await flush() {
            flushing = false
            isIdle = true
            guard await simulation.suspend(until: nil, label: "sync-queue idle", wakeup: idleWakeup) == .woken else { return }
        }
    }

    /// Delivers the queue's items in order until it is empty (true) or the process dies (false).
    private func flush() async -> Bool {
        var failures = 0
        while let item = disk.storage.syncQueue.first {
            if !mutants.contains(.pit6) { await network.waitUntilOnline() }
            if Task.isCancelled { return false }
            let session = disk.storage.session
            let result = await network.send(request(for: item), timeout: requestTimeout)
            switch result {
            case .success:
                removeFirst(item)
                failures = 0
                if case .progress(let user, let phase) = item {
                    simulation.record(ModelEvent.syncDelivered(user: user, phase: phase.step))
                }
            case .failure(.cancelled):
                return false
            case .failure(.status(401, _)) where !mutants.contains(.decAccountLoss) && session == disk.storage.session:
                // 003 account loss: the account's session is refused; its items can never be delivered.
                removeFirst(item)
                failures = 0
                if case .progress(let user, let phase) = item {
                    simulation.record(ModelEvent.syncAbandoned(user: user, phase: phase.step))
                }
                onSessionRefused?(item.user)
            case .failure:
                if mutants.contains(.pit6) {
                    // pit-6: "Network error when updating backend, but local updated" — never retried.
                    removeFirst(item)
                    if case .progress(let user, let phase) = item {
                        simulation.record(ModelEvent.syncAbandoned(user: user, phase: phase.step))
                    }
                    continue
                }
                failures += 1
                let backoff = Duration.seconds(min(30, 1 << min(failures - 1, 5)))
                do {
                    try await simulation.clock.sleep(for: backoff, label: "sync-queue backoff")
                } catch { return false }
            }
        }
        return true
    }

    /// The `dec-push-order` mutant's push: sent at once, retried with backoff until accepted.
    private func pushAlone(_ item: SyncItem) async {
        var failures = 0
        while true {
            await network.waitUntilOnline()
            if Task.isCancelled { return }
            switch await network.send(request(for: item), timeout: requestTimeout) {
            case .success:
                if case .progress(let user, let phase) = item { simulation.record(ModelEvent.syncDelivered(user: user, phase: phase.step)) }
                return
            case .failure(.cancelled):
                return
            case .failure:
                failures += 1
                do {
                    try await simulation.clock.sleep(for: .seconds(min(30, 1 << min(failures - 1, 5))), label: "push backoff")
                } catch { return }
            }
        }
    }

    private func removeFirst(_ item: SyncItem) {
        precondition(disk.storage.syncQueue.first == item, "only the flush loop removes from the queue's head")
        disk.storage.syncQueue.removeFirst()
    }

    private func request(for item: SyncItem) -> BackendRequest {
        let request: FixPlanRequest = switch item {
        case .progress(let user, let phase): .pushProgress(userID: user, phase: phase)
        case .pushToken(let user, let token): .registerPush(userID: user, token: token)
        case .analytics(let user, let event, let id): .analytics(userID: user, event: event, eventID: id)
        }
        return .typed(request)
    }
}
