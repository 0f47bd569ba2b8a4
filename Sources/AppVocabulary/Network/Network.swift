import SimKernel

/// The link between the app and the backend: every request passes through it and meets the
/// scenario's faults, latency and offline windows.
///
/// A request's server side runs on its own (a `Delivery`, steps on the clock), so a client that
/// gives up (its timeout fires, its screen goes away, the app is killed) never cancels work the
/// backend has already started: exactly as with a real server.
///
/// Any app's backend (`SimulatedServer`) sits behind it: every app's requests meet the same faults.
public actor Network {
    package let simulation: Simulation
    package let backend: any SimulatedServer
    package let plan: FaultPlan
    /// The app's roles for its requests: which of its own replies' statuses are failures
    /// (`RequestRole.failureStatus`), and what a request carries of the user's input.
    public nonisolated let roles: AppRoles
    @exclusivity(unchecked) private var random: SeededRandom
    /// How often each endpoint was called: a few pairs, searched in order (cheaper than hashing).
    @exclusivity(unchecked) private var callCounts: [(endpoint: Endpoint, count: Int)] = []
    @exclusivity(unchecked) private var lastRequestID = 0
    @exclusivity(unchecked) public private(set) var isOnline = true
    /// Requests sent and not yet answered, timed out or cancelled.
    @exclusivity(unchecked) public private(set) var requestsInFlight = 0
    @exclusivity(unchecked) private var onlineWaiters: [Wakeup] = []
    /// Told synchronously whenever the connection comes or goes (the app's reachability monitor).
    @exclusivity(unchecked) private var observers: [(id: Int, notify: @Sendable (Bool) -> Void)] = []
    @exclusivity(unchecked) private var lastObserverID = 0
    /// When the connection a `goesOffline` fault cut comes back.
    @exclusivity(unchecked) private var cutUntil: SimulationInstant?
    /// Failed answers the app has received so far, and the account losses waiting for their count.
    @exclusivity(unchecked) private var failedAnswers = 0
    @exclusivity(unchecked) private var failureWaiters: [(count: Int, wakeup: Wakeup)] = []
    /// Whether an account loss of the plan waits for an endpoint's answers (`AccountLoss.afterAnswer`):
    /// only then are they counted.
    private let countsAnswers: Bool
    /// Answers the app has received so far from each endpoint that was answered (a few pairs,
    /// searched in order), and the account losses waiting for their count.
    @exclusivity(unchecked) private var answers: [(endpoint: Endpoint, count: Int)] = []
    @exclusivity(unchecked) private var answerWaiters: [(endpoint: Endpoint, count: Int, wakeup: Wakeup)] = []

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    public init(simulation: Simulation, backend: any SimulatedServer, plan: FaultPlan, roles: AppRoles = .none) {
        self.simulation = simulation
        self.backend = backend
        self.plan = plan
        self.roles = roles
        self.random = simulation.randomStream("network")
        self.countsAnswers = plan.accountLosses.contains { $0.afterAnswer != nil }
    }

    /// Sends `request` and waits for the answer, at most `timeout` (`nil`: wait forever).
    public func send(_ request: BackendRequest, timeout: Duration?) async -> Result<BackendResponse, RequestError> {
        lastRequestID += 1
        let id = lastRequestID
        let endpoint = request.endpoint
        simulation.record(ModelEvent.requestSent(id: id, timeoutMs: timeout?.totalMilliseconds, endpoint: endpoint))
        if request.carriesUserInput { simulation.record(ModelEvent.requestCarries(id: id, request: request)) }
        guard isOnline else {
            simulation.record(ModelEvent.responseReceived(id: id, endpoint: endpoint, outcome: "offline"))
            answerFailed()
            if countsAnswers { answered(endpoint) }
            return .failure(.offline)
        }
        let fate = decideFate(id: id, endpoint: endpoint)
        if case .goesOffline(let length)? = fate.outcome {
            goOffline(for: length)
            simulation.record(ModelEvent.responseReceived(id: id, endpoint: endpoint, outcome: "offline"))
            answerFailed()
            if countsAnswers { answered(endpoint) }
            return .failure(.offline)
        }
        let delivery = Delivery(network: self, request: request, id: id, fate: fate)
        simulation.start(delivery)
        requestsInFlight += 1
        let result = await delivery.wait(timeout: timeout, label: delivery.answerLabel)
        requestsInFlight -= 1
        let outcome = outcome(of: result, endpoint: endpoint)
        simulation.record(ModelEvent.responseReceived(id: id, endpoint: endpoint, outcome: outcome))
        if outcome != "ok" && outcome != "cancelled" { answerFailed() }
        if countsAnswers && outcome != "cancelled" { answered(endpoint) }
        return result
    }

    /// Counts an answer of `endpoint` the app received and wakes the account losses waiting for it.
    private func answered(_ endpoint: Endpoint) {
        let count = Self.countOne(of: endpoint, in: &answers)
        for waiter in answerWaiters where waiter.endpoint == endpoint && waiter.count <= count { simulation.wake(waiter.wakeup) }
        answerWaiters.removeAll { $0.endpoint == endpoint && $0.count <= count }
    }

    /// Suspends until the app has received `count` answers of `endpoint` (an account loss that
    /// lands between an answer and the request it leads to: `AccountLoss.afterAnswer`); false if
    /// cancelled first.
    package func waitForAnswers(_ count: Int, of endpoint: Endpoint) async -> Bool {
        let received = { self.answers.first { $0.endpoint == endpoint }?.count ?? 0 }
        guard received() < count else { return true }
        let waiter = Wakeup()
        answerWaiters.append((endpoint, count, waiter))
        _ = await simulation.suspend(until: nil, label: "waiting for answer \(count) of \(endpoint.rawValue)", wakeup: waiter)
        return received() >= count
    }

    /// Counts a failed answer the app received and wakes the account losses waiting for it.
    private func answerFailed() {
        failedAnswers += 1
        guard !failureWaiters.isEmpty else { return }
        for waiter in failureWaiters where waiter.count <= failedAnswers { simulation.wake(waiter.wakeup) }
        failureWaiters.removeAll { $0.count <= failedAnswers }
    }

    /// Suspends until the app has received `count` failed answers (an account loss that lands
    /// between a failure and its Retry: `AccountLoss.afterFailure`); false if cancelled first.
    package func waitForFailedAnswers(_ count: Int) async -> Bool {
        guard failedAnswers < count else { return true }
        let waiter = Wakeup()
        failureWaiters.append((count, waiter))
        _ = await simulation.suspend(until: nil, label: "waiting for failed answer \(count)", wakeup: waiter)
        return failedAnswers >= count
    }

    /// The answer as the trace records it: an app's own reply with an error status is a failure
    /// (`status 500`) unless its role says that status is a normal answer, as HTTP has it.
    private func outcome(of result: Result<BackendResponse, RequestError>, endpoint: Endpoint) -> String {
        if case .success(.app(let reply)) = result, reply.status >= roles.role(of: endpoint).failureStatus {
            return "status \(reply.status)"
        }
        return RequestError.describe(result)
    }

    /// Suspends until the device is online (at once if it is) or the waiting task is cancelled.
    public func waitUntilOnline() async { await waitUntilOnline(until: nil) }

    /// Suspends until the device is online (at once if it is), `limit` has passed, or the waiting
    /// task is cancelled: an app that waits a bounded while for its path monitor to say the
    /// connection is back, woken by the change itself rather than by polling.
    public func waitUntilOnline(atMost limit: Duration) async {
        await waitUntilOnline(until: simulation.clock.now.advanced(by: limit))
    }

    private func waitUntilOnline(until deadline: SimulationInstant?) async {
        guard !isOnline else { return }
        let waiter = Wakeup()
        onlineWaiters.append(waiter)
        _ = await simulation.suspend(until: deadline, label: "waiting for the network", wakeup: waiter)
        onlineWaiters.removeAll { $0 === waiter }
    }

    /// Registers `notify` to hear of connectivity changes (seed 004's NWPathMonitor); returns a
    /// token for `stopObserving`.
    public func observeConnectivity(_ notify: @escaping @Sendable (Bool) -> Void) -> Int {
        lastObserverID += 1
        observers.append((lastObserverID, notify))
        return lastObserverID
    }

    public func stopObserving(_ token: Int) {
        observers.removeAll { $0.id == token }
    }

    /// Switches the connection on or off; coming online wakes everything waiting for it.
    public func setOnline(_ online: Bool) {
        guard online != isOnline else { return }
        isOnline = online
        simulation.record(ModelEvent.connectivity(online: online))
        for observer in observers { observer.notify(online) }
        guard online else { return }
        let waiters = onlineWaiters
        onlineWaiters.removeAll()
        for waiter in waiters { simulation.wake(waiter) }
    }

    /// The connection goes now and comes back after `length` (a `goesOffline` fault), unless it is
    /// back already or gone again by then: an offline window of the plan, or a later cut, keeps it.
    private func goOffline(for length: Duration) {
        setOnline(false)
        let back = simulation.now.advanced(by: length)
        cutUntil = max(cutUntil ?? back, back)
        simulation.schedule(ConnectionReturns(network: self), at: back)
    }

    /// Ends a `goesOffline` cut whose time is up, unless an offline window is open now.
    package func cutEnds() {
        guard let until = cutUntil, simulation.now >= until else { return }
        cutUntil = nil
        let now = simulation.now.nanoseconds
        guard !plan.offlineWindows.contains(where: { $0.start.totalNanoseconds <= now && now < ($0.start + $0.duration).totalNanoseconds })
        else { return }
        setOnline(true)
    }

    /// What happens to one request: its latency each way and the fault, if any.
    package struct Fate {
        var uplink: Duration
        var downlink: Duration
        var extraDelay: Duration = .zero
        var outcome: FaultRule.Kind?
    }

    /// Adds one to `endpoint`'s count in `counts` (a few pairs, searched in order) and returns it.
    private static func countOne(of endpoint: Endpoint, in counts: inout [(endpoint: Endpoint, count: Int)]) -> Int {
        guard let position = counts.firstIndex(where: { $0.endpoint == endpoint }) else {
            counts.append((endpoint, 1))
            return 1
        }
        counts[position].count += 1
        return counts[position].count
    }

    private func decideFate(id: Int, endpoint: Endpoint) -> Fate {
        let call = Self.countOne(of: endpoint, in: &callCounts)
        let latency = Int64(random.nextInt(in: Int(plan.latencyMs.lowerBound)...Int(plan.latencyMs.upperBound)))
        var fate = Fate(uplink: .milliseconds(latency / 2), downlink: .milliseconds(latency - latency / 2))
        for rule in plan.rules where rule.endpoint == nil || rule.endpoint == endpoint {
            guard rule.trigger.covers(call: call) else { continue }
            if rule.trigger.probability != .always && !random.chance(rule.trigger.probability) { continue }
            switch rule.kind {
            case .delay(let extra):
                fate.extraDelay += extra
            case .drop, .error, .timeout, .goesOffline:
                guard fate.outcome == nil else { continue }
                fate.outcome = rule.kind
            }
            simulation.record(ModelEvent.faultApplied(id: id, endpoint: endpoint, fault: rule.kind.description))
        }
        return fate
    }

    /// The server side of one request, one step at a time: out, through the backend, and back.
    package func advance(_ delivery: Delivery) {
        let fate = delivery.fate
        switch delivery.stage {
        case .departing:
            delivery.move(to: .outbound, after: fate.uplink + fate.extraDelay, on: simulation)
        case .outbound:
            switch fate.outcome {
            case .drop?:
                delivery.finish()
            case .error(let status)?:
                delivery.move(to: .inbound(.failure(.status(status, "injected error"))), after: fate.downlink, on: simulation)
            case .timeout?, .delay?, .goesOffline?, nil:
                switch backend.onSharedExecutor(passing: delivery, { $0.receive($1.request, id: $1.id) }) {
                case .answered(let answer): answerServed(delivery, answer)
                case .working(let duration, let label): delivery.move(to: .served(label: label), after: duration, on: simulation)
                }
            }
        case .served:
            answerServed(delivery, backend.onSharedExecutor(passing: delivery) { $0.finish($1.request, id: $1.id) })
        case .inbound(let answer):
            delivery.finish()
            // An answer that arrives while the device is offline is lost; the client times out.
            guard isOnline else { return }
            delivery.complete(answer)
        case .done:
            preconditionFailure("request \(delivery.id) ran after it was done")
        }
    }

    /// Sends the backend's answer back, unless the fault is a timeout: the server did the work
    /// and the answer never arrives.
    private func answerServed(_ delivery: Delivery, _ answer: Result<BackendResponse, RequestError>) {
        if case .timeout? = delivery.fate.outcome {
            delivery.finish()
            return
        }
        delivery.move(to: .inbound(answer), after: delivery.fate.downlink, on: simulation)
    }
}

/// The end of a `goesOffline` cut: the connection comes back, on the clock.
final class ConnectionReturns: SimulationStep {
    let network: Network
    init(network: Network) { self.network = network }
    var label: String { "the connection cut as a request left comes back" }
    func run() { network.onSharedExecutor { $0.cutEnds() } }
}
