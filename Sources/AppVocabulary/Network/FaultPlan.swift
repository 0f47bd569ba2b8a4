import SimKernel

/// What goes wrong on the network during a run: latency, per-endpoint faults, offline windows.
///
/// ```swift
/// var plan = FaultPlan()
/// plan.rules.append(FaultRule(endpoint: .journey, kind: .error(status: 503), trigger: .nth(1)))
/// plan.offlineWindows.append(OfflineWindow(start: .seconds(5), duration: .seconds(20)))
/// ```
public struct FaultPlan: Sendable, Equatable {
    /// Round-trip latency of every request, drawn uniformly (whole milliseconds) from the
    /// `network` random stream; half on the way out, half on the way back. Not negative (checked
    /// by `Scenario.problems` before a run).
    public var latencyMs: ClosedRange<Int64> = 20...120
    /// Faults, checked in order for every request.
    public var rules: [FaultRule] = []
    /// Spans of virtual time during which the device has no connection.
    public var offlineWindows: [OfflineWindow] = []
    /// Accounts lost on the backend during the run (seed 003's "Account loss").
    public var accountLosses: [AccountLoss] = []
    /// What the Sign in with Apple sheet does at each attempt on the phone, in order; every
    /// attempt after them is approved. For app code that shows it (`AppEnvironment.appleIDCredential()`).
    public var credentialSheet: [CredentialSheetOutcome] = []

    public init(latencyMs: ClosedRange<Int64> = 20...120, rules: [FaultRule] = [], offlineWindows: [OfflineWindow] = [],
                accountLosses: [AccountLoss] = []) {
        self.latencyMs = latencyMs
        self.rules = rules
        self.offlineWindows = offlineWindows
        self.accountLosses = accountLosses
    }

    /// How many faults the plan injects: rules, offline windows, account losses and sheets that
    /// do not approve.
    public var count: Int { rules.count + offlineWindows.count + accountLosses.count + credentialSheet.filter { $0 != .approve }.count }
}

/// Seed 003: "Account loss (deletion/password reset)". From `at` on, the backend answers 401 to
/// every authenticated request of the account.
public struct AccountLoss: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The account is gone; a new sign-up with its email starts a fresh account.
        case accountDeleted
        /// Every session of the account ends (a password reset); signing in again works.
        case sessionRevoked
        /// Not a loss: what the user's onboarding produced is reset from another device while
        /// they are still onboarding, the sessions staying (the fix plan's: an active program goes
        /// back to approved, and 002 §10's success screen must then not show it as ready). Files
        /// written before December 2026 call it `programReset` (`ScenarioKeys.formerFaultKinds`).
        case resetElsewhere
        /// Not a loss: the user goes on with onboarding on another device (003: "start on iPad,
        /// finish on iPhone"): the next unfinished step of the journey, the intake or the goals,
        /// is done there. Only for a user still onboarding (002 §4: "a user who made progress on
        /// another device ... gets stuck").
        case progressElsewhere
        /// Not a loss: the account's access tokens expire now, as each does an hour after it is
        /// issued (Supabase's JWT expiry), drawn into a run so that the app's 401-then-refresh
        /// path is met within minutes: its own requests with them are 401 until it refreshes the
        /// session, and the refresh token still works. For a backend on `MockAuth`.
        case accessTokenExpired
    }

    public var kind: Kind
    /// When, from the start of the run (not negative; checked by `Scenario.problems`).
    public var at: Duration
    /// Whose account; nil for every account that exists at that moment.
    public var email: String?
    /// When set, the loss lands as the app receives its `afterFailure`-th failed answer (any
    /// request: an error status, a timeout, offline) instead of at `at`: between a failure and the
    /// Retry that follows it, a chain the clock alone meets once in thousands of runs (#64 item 7).
    public var afterFailure: Int?
    /// When set, the loss lands as the app receives the `afterAnswer`-th answer of `answerOf`,
    /// whatever it says (ok or failed): after that answer and before the request it leads to (the
    /// account gone between a session refresh and the request it lets through again).
    public var afterAnswer: Int?
    /// The endpoint whose answers `afterAnswer` counts.
    public var answerOf: Endpoint?

    public init(_ kind: Kind, at: Duration, email: String? = nil) {
        self.kind = kind
        self.at = at
        self.email = email
    }

    /// A loss that lands as the app receives its `failure`-th failed answer.
    public init(_ kind: Kind, afterFailure failure: Int, email: String? = nil) {
        self.init(kind, at: .zero, email: email)
        afterFailure = failure
    }

    /// A loss that lands as the app receives the `answer`-th answer of `endpoint`.
    public init(_ kind: Kind, afterAnswer answer: Int, of endpoint: Endpoint, email: String? = nil) {
        self.init(kind, at: .zero, email: email)
        afterAnswer = answer
        answerOf = endpoint
    }

    /// When it lands, as a line says it.
    public var when: String {
        if let afterAnswer, let answerOf { return "after answer \(afterAnswer) of \(answerOf.rawValue)" }
        return afterFailure.map { "after failed answer \($0)" } ?? "at \(at.totalMilliseconds)ms"
    }
}

/// One fault: what happens to which requests.
public struct FaultRule: Sendable, Equatable {
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// The request is lost on the way out: the backend never sees it; the client times out.
        case drop
        /// The server answers with this HTTP status without doing the work.
        case error(status: Int)
        /// The backend does the work but the answer never arrives; the client times out.
        case timeout
        /// The answer comes this much later than usual (slow goal generation, a slow server).
        case delay(Duration)
        /// The connection goes in the instant the request leaves, before the app's path monitor
        /// can say so: the request fails offline, and the phone stays offline this long (or until
        /// an offline window of the plan ends). Two things falling due together, which a time
        /// drawn at random almost never gives (#48: the pickup app's refresh lost offline).
        case goesOffline(for: Duration)

        public var description: String {
            switch self {
            case .drop: "drop"
            case .error(let status): "error(\(status))"
            case .timeout: "timeout"
            case .delay(let duration): "delay(\(duration.totalMilliseconds)ms)"
            case .goesOffline(let duration): "goes-offline(\(duration.totalMilliseconds)ms)"
            }
        }
    }

    /// Which calls to the endpoint the fault applies to.
    public struct Trigger: Sendable, Equatable {
        /// The first affected call, counting from 1.
        public var fromCall: Int
        /// How many calls from `fromCall` on; `nil` for all of them.
        public var count: Int?
        /// Of those calls, the chance that each is affected (drawn from the `network` stream).
        public var probability: Probability

        /// `fromCall` counts from 1 and `count` is at least 1; a scenario with other values is
        /// refused before it runs (`Scenario.problems`).
        public init(fromCall: Int = 1, count: Int? = nil, probability: Probability = .always) {
            self.fromCall = fromCall
            self.count = count
            self.probability = probability
        }

        public static let always = Trigger()
        public static func nth(_ call: Int) -> Trigger { Trigger(fromCall: call, count: 1) }
        public static func first(_ count: Int) -> Trigger { Trigger(fromCall: 1, count: count) }

        func covers(call: Int) -> Bool {
            guard call >= fromCall else { return false }
            guard let count else { return true }
            return call < fromCall + count
        }
    }

    /// The endpoint it applies to; `nil` for every endpoint.
    public var endpoint: Endpoint?
    public var kind: Kind
    public var trigger: Trigger

    public init(endpoint: Endpoint?, kind: Kind, trigger: Trigger = .always) {
        self.endpoint = endpoint
        self.kind = kind
        self.trigger = trigger
    }
}

/// A span of virtual time without connection.
public struct OfflineWindow: Sendable, Equatable {
    public var start: Duration
    public var duration: Duration

    /// `start` is not negative and `duration` is positive; a scenario with other values is
    /// refused before it runs (`Scenario.problems`).
    public init(start: Duration, duration: Duration) {
        self.start = start
        self.duration = duration
    }
}

extension FaultPlan {
    /// `windows` with the ones that overlap or touch joined into one: the device is offline while
    /// any window is open, and one window's end must not bring it back while another is open.
    /// In order of start (windows that start together: the longer first), so any order in the
    /// plan gives the same windows.
    package static func merged(_ windows: [OfflineWindow]) -> [OfflineWindow] {
        guard windows.count > 1 else { return windows }
        let sorted = windows.sorted { ($0.start, $1.duration) < ($1.start, $0.duration) }
        var merged: [OfflineWindow] = []
        for window in sorted {
            if let last = merged.last, window.start <= last.start + last.duration {
                let end = max(last.start + last.duration, window.start + window.duration)
                merged[merged.count - 1] = OfflineWindow(start: last.start, duration: end - last.start)
            } else {
                merged.append(window)
            }
        }
        return merged
    }

    /// Starts the plan's timed faults in `simulation`: each offline window switches `network` off
    /// and on again, and each account loss is handed to `lose` (the app's backend) at its time,
    /// as the app receives its `afterFailure`-th failed answer, or the `afterAnswer`-th answer of
    /// an endpoint.
    public func schedule(on simulation: Simulation, network: Network,
                         lose: @escaping @Sendable (AccountLoss) async -> Void) {
        for window in Self.merged(offlineWindows) {
            let clock = simulation.clock
            simulation.spawn("offline window at \(window.start.totalMilliseconds)ms") {
                let start = SimulationInstant.zero.advanced(by: window.start)
                do {
                    try await clock.sleep(until: start, label: "offline window start")
                    await network.setOnline(false)
                    try await clock.sleep(for: window.duration, label: "offline window end")
                } catch {}
                await network.setOnline(true)
            }
        }
        for loss in accountLosses {
            let clock = simulation.clock
            simulation.spawn("\(loss.kind.rawValue) \(loss.when)") {
                if let failure = loss.afterFailure {
                    guard await network.waitForFailedAnswers(failure) else { return }
                } else if let answer = loss.afterAnswer, let endpoint = loss.answerOf {
                    guard await network.waitForAnswers(answer, of: endpoint) else { return }
                } else {
                    do { try await clock.sleep(until: SimulationInstant.zero.advanced(by: loss.at), label: loss.kind.rawValue) } catch { return }
                }
                await lose(loss)
            }
        }
    }
}
