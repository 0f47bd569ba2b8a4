import SimKernel
import AppVocabulary

/// The fault schedule one seed draws (swarm testing): a random subset of fault kinds switched
/// on, each with parameters drawn within documented ranges, plus one user or device detour
/// (`SwarmDetour`, the app's own).
///
/// Every knob is listed in `lines`, so a seed alone explains a run.
public struct Swarm: Sendable, Equatable {
    public var latencyMs: ClosedRange<Int64> = 20...120
    public var offlineWindows: [OfflineWindow] = []
    public var rules: [FaultRule] = []
    /// A deviation from the straight path the app's swarm drew for the scripted user: the app's
    /// own value (`SwarmDetour`), which its personas weave into their steps.
    public var detour: DrawnDetour?
    /// Seed 003's account loss, at a drawn moment (drawn last, so the other knobs come from the
    /// same draws as before it existed).
    public var accountLoss: AccountLoss?
    /// The access tokens expiring at a drawn moment (`AccountLoss.Kind.accessTokenExpired`), for
    /// an app whose backend expires them (drawn after the account loss).
    public var tokenExpiry: AccountLoss?
    /// A loss that lands as the app receives a failed answer (`AccountLoss.afterFailure`): a
    /// session refused between a failure and its Retry (drawn from a stream of its own).
    public var lossAfterFailure: AccountLoss?
    /// A loss that lands as the app receives an endpoint's answer (`AccountLoss.afterAnswer`):
    /// the account gone between an answer and the request it leads to (drawn from a stream of its own).
    public var lossAfterAnswer: AccountLoss?
    /// The free user's profile, when the free user drives (it replaces the detour).
    public var userProfile: FreeUserProfile?
    /// The system's credential sheet's outcomes, in order (after them it approves): app code's
    /// Sign in with Apple sheet (`AppEnvironment.appleIDCredential()`), drawn by a plug-in's
    /// default swarm for an app whose roles exchange its credential; it goes into the run's
    /// faults (`FaultPlan.credentialSheet`).
    public var credentialSheet: [CredentialSheetOutcome] = []
    /// The app's own knobs this seed drew (`AppPlugin.swarmKnobs`, or an app's own swarm's
    /// `set(_:_:to:)`): keys of its `device` and `backend` sections.
    public var settings: [DrawnSetting] = []
    /// The new user's email (some are unusual but valid: o'brien@gmail.com).
    public var email = Swarm.usualEmail
    /// The email a swarm gives the new user unless it draws an unusual one.
    package static let usualEmail = "new.user@example.com"
    /// Every drawn knob, in the order drawn.
    package var knobs: [Knob] = []

    /// No knob drawn: the default network (latency 20-120 ms), no fault, nothing set. A plug-in
    /// that draws its own swarm (`AppPlugin.swarm(seed:)`) starts here.
    public init() {}

    /// One line per drawn knob. Rendered on demand: a report shows the knobs of a few runs, and
    /// formatting them for every explored seed cost about 3% of it.
    public var lines: [String] { knobs.map(\.line) }

    /// The kinds of knob this run drew, without their parameters (`Feature`): what explore
    /// compares between the runs over a budget and all runs.
    public var features: [Feature] {
        // Two knobs of one kind (a drop on journey drawn twice) count once for the run.
        var unique: [Feature] = []
        for feature in featuresWithRepeats where !unique.contains(feature) { unique.append(feature) }
        return unique
    }

    /// `features` with a kind repeated as often as knobs of it were drawn: for a counter that
    /// numbers them and drops the repeats by number (`BudgetWatch`: comparing the features
    /// themselves, two by two, was most of what watching the budgets cost a run).
    package var featuresWithRepeats: [Feature] {
        var found: [Feature] = []
        found.reserveCapacity(knobs.count + 4)
        for knob in knobs { knob.addFeatures(to: &found) }
        return found
    }

    /// What one draw decided, with what its line says.
    package enum Knob: Sendable, Equatable {
        case email(String)
        case latency(ClosedRange<Int64>)
        case offline(OfflineWindow)
        case fault(FaultRule.Kind, Endpoint, FaultRule.Trigger)
        case detour(DrawnDetour?)
        case accountLoss(AccountLoss)
        /// Every access token issued so far expires at this moment (an hour's expiry, met sooner).
        case tokenExpiry(Duration)
        case user(FreeUserProfile)
        case parent(UInt64)
        /// The Sign in with Apple sheet: what it does at each sign-in attempt, in order.
        case credentialSheet([CredentialSheetOutcome])
        /// The first call to an endpoint answers late by this much.
        case slowFirstCall(Endpoint, Duration)
        /// A plug-in app's own knob: a key of its scenario sections.
        case setting(DrawnSetting)

        var line: String {
            switch self {
            case .email(let email): "email: \(email)"
            case .latency(let range): "latency: \(range.lowerBound)-\(range.upperBound)ms"
            case .offline(let window): "offline: at \(window.start.totalMilliseconds)ms for \(window.duration.totalMilliseconds)ms"
            case .fault(let kind, let endpoint, let trigger):
                "\(kind) on \(endpoint.rawValue) (\(trigger.count == 1 ? "call \(trigger.fromCall)" : "p=\(trigger.probability)"))"
            case .detour(let detour): "detour: \(detour.map(\.value.description) ?? "none")"
            case .accountLoss(let loss): "account loss: \(loss.kind.rawValue) \(loss.when)"
            case .tokenExpiry(let at): "access tokens expire at \(at.totalMilliseconds)ms"
            case .user(let profile): profile.line
            case .parent(let seed): "derived from the knobs of seed \(seed)"
            case .credentialSheet(let outcomes): "credential sheet: " + outcomes.map(\.rawValue).joined(separator: ", ") + ", then approve"
            case .slowFirstCall(let endpoint, let by): "slow \(endpoint.rawValue): +\(by.totalMilliseconds)ms on the first call"
            case .setting(let setting): setting.line
            }
        }

        func addFeatures(to found: inout [Feature]) {
            switch self {
            case .email(let email): if email != Swarm.usualEmail { found.append(.unusualEmail) }
            case .latency(let range): found.append(range.upperBound >= 1_000 ? .slowLatency : .fastLatency)
            case .offline: found.append(.offlineWindow)
            case .fault(let kind, let endpoint, _): found.append(.of(kind, on: endpoint))
            case .detour(let detour): if let detour { found.append(.detour(detour.value.kind)) }
            case .accountLoss(let loss): found.append(.accountLoss(loss.kind))
            case .tokenExpiry: found.append(.accountLoss(.accessTokenExpired))
            case .user(let profile):
                if profile.deviations == 0 { found.append(.onlyForward) } else { found += profile.enabled.map(Feature.user) }
            case .parent: break
            case .credentialSheet(let outcomes):
                for outcome in outcomes where outcome != .approve { found.append(.credentialSheet(outcome)) }
            case .slowFirstCall(let endpoint, _): found.append(.fault(.delay, on: endpoint))
            case .setting(let setting): found.append(.setting(setting))
            }
        }
    }

    /// The knobs every app's swarm draws first, each on its own coin: latency, an offline window,
    /// and a drop, an error and a timeout on `app`'s endpoints; then, from a stream of its own (so
    /// that a seed without it draws everything else as before), a coincidence: the connection
    /// going in the instant a request leaves (`FaultRule.Kind.goesOffline`, #48).
    package mutating func drawNetwork(_ random: inout SeededRandom, endpoints: [Endpoint], seed: UInt64) {
        defer { drawCoincidence(seed: seed, endpoints: endpoints) }
        let on = { (random: inout SeededRandom) in random.chance(Probability(0.5)) }
        if on(&random) {
            let low = Int64(random.nextInt(in: 10...150))
            latencyMs = low...(low + Int64(random.nextInt(in: 50...1500)))
            knobs.append(.latency(latencyMs))
        }
        if on(&random) {
            let window = OfflineWindow(start: .milliseconds(random.nextInt(in: 0...60_000)),
                                       duration: .milliseconds(random.nextInt(in: 2_000...30_000)))
            offlineWindows.append(window)
            knobs.append(.offline(window))
        }
        if on(&random) { add(.drop, random: &random, endpoints: endpoints) }
        if on(&random) { add(.error(status: [500, 502, 503][random.nextInt(in: 0...2)]), random: &random, endpoints: endpoints) }
        if on(&random) { add(.timeout, random: &random, endpoints: endpoints) }
    }

    /// How often the swarm makes the connection go as a request leaves: one run in four, on one
    /// of the first three calls to one of the app's endpoints, for 2 to 30 s.
    static let coincidenceChance = Probability(0.25)

    private mutating func drawCoincidence(seed: UInt64, endpoints: [Endpoint]) {
        drawOnAnEarlyCall(seed: seed, stream: "swarm-coincidence", chance: Self.coincidenceChance, endpoints: endpoints) { random in
            .goesOffline(for: .milliseconds(random.nextInt(in: 2_000...30_000)))
        }
    }

    /// On a coin of `chance` drawn from the seed's stream `stream` (so that every other knob of
    /// the seed is drawn as before it existed): a fault of `kind`, drawn last, on one of the first
    /// three calls to one of `endpoints`.
    package mutating func drawOnAnEarlyCall(seed: UInt64, stream: String, chance: Probability, endpoints: [Endpoint],
                                            kind: (inout SeededRandom) -> FaultRule.Kind) {
        var random = SeededRandom(seed: seed, stream: stream)
        guard !endpoints.isEmpty, random.chance(chance) else { return }
        let endpoint = endpoints[random.nextInt(in: 0...endpoints.count - 1)]
        let call = random.nextInt(in: 1...3)
        add(kind(&random), on: endpoint, trigger: .nth(call))
    }

    package mutating func add(_ kind: FaultRule.Kind, random: inout SeededRandom, endpoints: [Endpoint]) {
        guard !endpoints.isEmpty else { return }
        let endpoint = endpoints[random.nextInt(in: 0...endpoints.count - 1)]
        let trigger: FaultRule.Trigger = random.chance(Probability(0.5))
            ? .nth(random.nextInt(in: 1...3))
            : FaultRule.Trigger(probability: Probability(Double(random.nextInt(in: 5...30)) / 100))
        add(kind, on: endpoint, trigger: trigger)
    }

    package mutating func add(_ kind: FaultRule.Kind, on endpoint: Endpoint, trigger: FaultRule.Trigger) {
        rules.append(FaultRule(endpoint: endpoint, kind: kind, trigger: trigger))
        knobs.append(.fault(kind, endpoint, trigger))
    }

    /// Seed 003's account loss on a coin of `chance`: the account deleted or the session revoked,
    /// equally likely, 5 s to 2 min into the run. Every app's swarm that draws one draws it so.
    package mutating func drawAccountLoss(_ random: inout SeededRandom, chance: Probability,
                                          kinds: [AccountLoss.Kind] = [.accountDeleted, .sessionRevoked]) {
        guard !kinds.isEmpty, random.chance(chance) else { return }
        let kind: AccountLoss.Kind = kinds.count == 1 ? kinds[0] : random.chance(Probability(0.5)) ? kinds[0] : kinds[1]
        let loss = AccountLoss(kind, at: .milliseconds(random.nextInt(in: 5_000...120_000)))
        accountLoss = loss
        knobs.append(.accountLoss(loss))
    }

    /// A chain the clock alone rarely meets (#64 item 7), on a coin of `chance` drawn from a
    /// stream of its own (every other knob of the seed is drawn as before it existed): one of
    /// `kinds` lands as the app receives its first, second or third failed answer, so that the
    /// Retry (or the next request) after a failure meets a refused session or expired tokens.
    package mutating func drawLossAfterFailure(seed: UInt64, chance: Probability, kinds: [AccountLoss.Kind]) {
        guard !kinds.isEmpty else { return }
        var random = SeededRandom(seed: seed, stream: "swarm-chains")
        guard random.chance(chance) else { return }
        let kind = kinds[random.nextInt(in: 0...(kinds.count - 1))]
        let loss = AccountLoss(kind, afterFailure: random.nextInt(in: 1...3))
        lossAfterFailure = loss
        knobs.append(.accountLoss(loss))
    }

    /// A chain like `drawLossAfterFailure`'s, on a coin of `chance` from a stream of its own: one of
    /// `kinds` lands as the app receives the first, second or third answer of one of `endpoints`,
    /// so that the request that answer leads to (the list asked again with the session a refresh
    /// just gave) meets an account that is gone.
    package mutating func drawLossAfterAnswer(seed: UInt64, chance: Probability, kinds: [AccountLoss.Kind], endpoints: [Endpoint]) {
        guard !kinds.isEmpty, !endpoints.isEmpty else { return }
        var random = SeededRandom(seed: seed, stream: "swarm-chains-answer")
        guard random.chance(chance) else { return }
        let kind = kinds[random.nextInt(in: 0...(kinds.count - 1))]
        let endpoint = endpoints[random.nextInt(in: 0...(endpoints.count - 1))]
        let loss = AccountLoss(kind, afterAnswer: random.nextInt(in: 1...3), of: endpoint)
        lossAfterAnswer = loss
        knobs.append(.accountLoss(loss))
    }

    /// The access tokens expiring on a coin of `chance`, 5 s to 2 min into the run: the app's next
    /// request of its own is 401 and it must refresh, which an hour's expiry never meets.
    package mutating func drawTokenExpiry(_ random: inout SeededRandom, chance: Probability) {
        guard random.chance(chance) else { return }
        let at = Duration.milliseconds(random.nextInt(in: 5_000...120_000))
        tokenExpiry = AccountLoss(.accessTokenExpired, at: at)
        knobs.append(.tokenExpiry(at))
    }

    /// The credential sheet on a coin of `chance`: its first one or two attempts each cancelled
    /// or failed, then approved (nil: the coin said no).
    public static func drawCredentialSheet(_ random: inout SeededRandom, chance: Probability) -> [CredentialSheetOutcome]? {
        guard random.chance(chance) else { return nil }
        let failing: [CredentialSheetOutcome] = [.cancel, .fail]
        return (1...random.nextInt(in: 1...2)).map { _ in failing[random.nextInt(in: 0...1)] }
    }

    /// App code's credential sheet on a coin of `chance` (`drawCredentialSheet`), into the run's faults.
    package mutating func drawCredentialSheet(_ random: inout SeededRandom, chance: Probability) {
        guard let outcomes = Self.drawCredentialSheet(&random, chance: chance) else { return }
        credentialSheet = outcomes
        knobs.append(.credentialSheet(outcomes))
    }

    /// The free user drives instead of the scripted policy: no detour (the user makes their own),
    /// and the user's profile listed where the detour was.
    public mutating func drivenBy(_ profile: FreeUserProfile) {
        detour = nil
        userProfile = profile
        if let index = knobs.firstIndex(where: { if case .detour = $0 { true } else { false } }) {
            knobs[index] = .user(profile)
        } else {
            knobs.append(.user(profile))
        }
    }

    /// A run derived from `parent`'s knobs (coverage-guided exploration) says so among its knobs.
    public mutating func noteParent(_ parent: UInt64) { knobs.insert(.parent(parent), at: 0) }

    /// Puts the swarm's network and faults into `faults` (an app with a typed world of its own
    /// puts the swarm's settings into it: `AppPlugin.explored`).
    public func apply(to faults: inout FaultPlan) {
        faults.latencyMs = latencyMs
        faults.offlineWindows += offlineWindows
        faults.rules += rules
        if let accountLoss { faults.accountLosses.append(accountLoss) }
        if let tokenExpiry { faults.accountLosses.append(tokenExpiry) }
        if let lossAfterFailure { faults.accountLosses.append(lossAfterFailure) }
        if let lossAfterAnswer { faults.accountLosses.append(lossAfterAnswer) }
        // A scenario file's own sheet is kept: its steps were written for it.
        if !credentialSheet.isEmpty && faults.credentialSheet.isEmpty { faults.credentialSheet = credentialSheet }
    }
}
