import SimKernel

/// Every event the model records in the trace. Oracles read these, and nothing else.
///
/// Small enough to live inside the trace's `any TraceRecord` without a box of its own (at most 24
/// bytes: a screen is one reference, a step a user and a phase): recording the frequent events
/// allocates nothing. The cases whose payload would not fit are `indirect`, one box each.
public enum ModelEvent: TraceRecord, Equatable {
    // Device and app lifecycle.
    case launched(process: Int, cold: Bool)
    case killed(process: Int)
    case backgrounded
    case foregrounded
    case reinstalled
    case cacheCorrupted
    case signedOut
    case signedIn(user: String)
    /// What the launch finds on the device: a session, and a readable cache for its user.
    case launchContext(sessionUser: String?, cacheHit: Bool)
    case deviceSettings(reduceMotion: Bool, grantsNotifications: Bool)
    /// The keys of the onboarding caches on the device when the app launches (users, sorted).
    indirect case storedCaches([String])
    case connectivity(online: Bool)
    // What the user sees and does.
    case screen(ScreenState)
    indirect case userAction(UserAction, detail: String)
    indirect case actionUnavailable(UserAction, route: String)
    case screenAppeared(String)
    case screenDisappeared(String)
    // Timers owned by screens.
    indirect case timerStarted(id: Int, owner: String)
    case timerStopped(id: Int)
    case timerTick(id: Int, remaining: Int)
    // Network, as the client sees it.
    indirect case requestSent(id: Int, timeoutMs: Int64?, endpoint: Endpoint)
    /// What a request that carries the user's own input sends (the email, the code, the goal):
    /// recorded right after its `requestSent`, so oracles compare it with what the user entered
    /// (DESIGN §10), never trusting the app's copy.
    indirect case requestCarries(id: Int, request: BackendRequest)
    indirect case faultApplied(id: Int, endpoint: Endpoint, fault: String)
    indirect case responseReceived(id: Int, endpoint: Endpoint, outcome: String)
    // Backend.
    indirect case backendHandled(id: Int, endpoint: Endpoint, outcome: String)
    case journeyChanged(user: String, journey: AccountJourney)
    indirect case accountSeeded(user: String, email: String, journey: AccountJourney)
    case progressStored(user: String, phase: StepName)
    indirect case analytics(user: String, event: String)
    /// The app logged an analytics event (it is on its way to the backend).
    indirect case eventLogged(user: String, event: String)
    case pushTokenRegistered(user: String)
    /// Seed 003's account loss: from now on the backend answers 401 for this user's session.
    case accountLost(user: String, deleted: Bool)
    /// A sign-in verified: the account has a working session from now on.
    case sessionIssued(user: String)
    // Client store and sync queue.
    case phaseChanged(StepName)
    case stepCompleted(user: String, phase: StepName)
    case syncQueued(user: String, phase: StepName)
    case syncDelivered(user: String, phase: StepName)
    case syncAbandoned(user: String, phase: StepName)
    case permissionAnswered(granted: Bool)
    /// A value the app stored in `@AppStorage` (seed 004's device-wide `hasCompletedOnboarding`).
    indirect case appStorage(key: String, value: Bool)
    indirect case appConfiguration(termsURL: String, privacyURL: String)
    case note(String)

    /// The lane, as `writeLane` writes it (the one place that names each lane).
    public var lane: String { CanonicalText.build { writeLane(to: &$0) } }

    /// Writes the event's lane (`device`, `screen`, `user`, …), each a literal: the trace hashes
    /// it for every event.
    public func writeLane(to out: inout some CanonicalWriter) {
        switch self {
        case .launched, .killed, .backgrounded, .foregrounded, .reinstalled, .cacheCorrupted, .signedOut,
             .connectivity, .permissionAnswered, .appConfiguration, .launchContext, .deviceSettings, .storedCaches, .appStorage:
            out.write(literal: "device")
        case .screen, .screenAppeared, .screenDisappeared: out.write(literal: "screen")
        case .userAction, .actionUnavailable: out.write(literal: "user")
        case .timerStarted, .timerStopped, .timerTick: out.write(literal: "otp-timer")
        case .requestSent, .requestCarries, .faultApplied, .responseReceived: out.write(literal: "network")
        case .backendHandled, .journeyChanged, .accountSeeded, .progressStored, .analytics, .pushTokenRegistered,
             .accountLost, .sessionIssued:
            out.write(literal: "backend")
        case .phaseChanged, .stepCompleted, .note, .signedIn, .eventLogged: out.write(literal: "client")
        case .syncQueued, .syncDelivered, .syncAbandoned: out.write(literal: "sync-queue")
        }
    }

    public func writeCanonical(to out: inout some CanonicalWriter) {
        switch self {
        case .launched(let process, let cold):
            out.write(literal: "launched process="); out.write(process); out.write(literal: cold ? " cold" : " warm")
        case .killed(let process): out.write(literal: "killed process="); out.write(process)
        case .backgrounded: out.write(literal: "backgrounded")
        case .foregrounded: out.write(literal: "foregrounded")
        case .reinstalled: out.write(literal: "reinstalled")
        case .cacheCorrupted: out.write(literal: "cache-corrupted")
        case .signedOut: out.write(literal: "signed-out")
        case .signedIn(let user): out.write(literal: "signed-in user="); out.write(user)
        case .launchContext(let user, let hit):
            out.write(literal: "launch-context session="); out.write(user ?? "none"); out.write(literal: hit ? " cache=hit" : " cache=miss")
        case .deviceSettings(let reduceMotion, let grants):
            out.write(literal: "settings reduce-motion="); out.write(reduceMotion)
            out.write(literal: grants ? " notifications=grant" : " notifications=deny")
        case .connectivity(let online): out.write(literal: online ? "online" : "offline")
        case .screen(let state): out.write(literal: "screen "); state.writeCanonical(to: &out)
        case .userAction(let action, let detail):
            out.write(literal: "action "); out.write(action.rawValue)
            if !detail.isEmpty { out.write(literal: " "); out.write(detail) }
        case .actionUnavailable(let action, let route):
            out.write(literal: "unavailable "); out.write(action.rawValue); out.write(literal: " on "); out.write(route)
        case .screenAppeared(let name): out.write(literal: "appeared "); out.write(name)
        case .screenDisappeared(let name): out.write(literal: "disappeared "); out.write(name)
        case .timerStarted(let id, let owner):
            out.write(literal: "timer-started id="); out.write(id); out.write(literal: " owner="); out.write(owner)
        case .timerStopped(let id): out.write(literal: "timer-stopped id="); out.write(id)
        case .timerTick(let id, let remaining):
            out.write(literal: "timer-tick id="); out.write(id); out.write(literal: " remaining="); out.write(remaining)
        case .requestSent(let id, let timeout, let endpoint):
            out.write(literal: "request id="); out.write(id); out.write(literal: " "); out.write(endpoint.rawValue); out.write(literal: " timeout=")
            if let timeout { out.write(timeout); out.write(literal: "ms") } else { out.write(literal: "none") }
        case .requestCarries(let id, let request):
            out.write(literal: "request-carries id="); out.write(id); out.write(literal: " "); request.writeCarried(to: &out)
        case .faultApplied(let id, let endpoint, let fault): Self.write("fault", id, endpoint, fault, to: &out)
        case .responseReceived(let id, let endpoint, let outcome): Self.write("response", id, endpoint, outcome, to: &out)
        case .backendHandled(let id, let endpoint, let outcome): Self.write("handled", id, endpoint, outcome, to: &out)
        case .journeyChanged(let user, let journey):
            out.write(literal: "journey user="); out.write(user); out.write(literal: " "); journey.writeCanonical(to: &out)
        case .accountSeeded(let user, let email, let journey):
            out.write(literal: "account user="); out.write(user); out.write(literal: " email="); out.write(email); out.write(literal: " ")
            journey.writeCanonical(to: &out)
        case .progressStored(let user, let phase): Self.write("progress", user, phase, to: &out)
        case .analytics(let user, let event): out.write(literal: "analytics user="); out.write(user); out.write(literal: " event="); out.write(event)
        case .eventLogged(let user, let event): out.write(literal: "event-logged user="); out.write(user); out.write(literal: " event="); out.write(event)
        case .pushTokenRegistered(let user): out.write(literal: "push-token user="); out.write(user)
        case .accountLost(let user, let deleted):
            out.write(literal: deleted ? "account-deleted user=" : "session-revoked user="); out.write(user)
        case .sessionIssued(let user): out.write(literal: "session-issued user="); out.write(user)
        case .storedCaches(let keys):
            out.write(literal: "stored-caches ["); out.write(keys.joined(separator: ",")); out.write(literal: "]")
        case .phaseChanged(let phase): out.write(literal: "phase "); out.write(phase.name)
        case .stepCompleted(let user, let phase): Self.write("step-completed", user, phase, to: &out)
        case .syncQueued(let user, let phase): Self.write("queued", user, phase, to: &out)
        case .syncDelivered(let user, let phase): Self.write("delivered", user, phase, to: &out)
        case .syncAbandoned(let user, let phase): Self.write("abandoned", user, phase, to: &out)
        case .permissionAnswered(let granted): out.write(literal: granted ? "permission granted" : "permission denied")
        case .appStorage(let key, let value): out.write(literal: "app-storage "); out.write(key); out.write(literal: "="); out.write(value)
        case .appConfiguration(let terms, let privacy):
            out.write(literal: "app-config terms="); out.write(terms); out.write(literal: " privacy="); out.write(privacy)
        case .note(let text): out.write(literal: "note "); out.write(text)
        }
    }

    /// `<verb> id=<id> <endpoint> <detail>`: requests as the network and the backend see them.
    private static func write(_ verb: StaticString, _ id: Int, _ endpoint: Endpoint, _ detail: String,
                              to out: inout some CanonicalWriter) {
        out.write(literal: verb); out.write(literal: " id="); out.write(id); out.write(literal: " "); out.write(endpoint.rawValue)
        out.write(literal: " "); out.write(detail)
    }

    /// `<verb> user=<user> phase=<phase>`: onboarding progress as each layer handles it.
    private static func write(_ verb: StaticString, _ user: String, _ phase: StepName,
                              to out: inout some CanonicalWriter) {
        out.write(literal: verb); out.write(literal: " user="); out.write(user); out.write(literal: " phase="); out.write(phase.name)
    }
}
