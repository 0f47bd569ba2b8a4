import SimKernel

/// Every event the model records in the trace. Oracles read these, and nothing else.
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
    case connectivity(online: Bool)
    // What the user sees and does.
    case screen(ScreenState)
    case userAction(UserAction, detail: String)
    case actionUnavailable(UserAction, route: String)
    case screenAppeared(String)
    case screenDisappeared(String)
    // Timers owned by screens.
    case timerStarted(id: Int, owner: String)
    case timerStopped(id: Int)
    case timerTick(id: Int, remaining: Int)
    // Network, as the client sees it.
    case requestSent(id: Int, endpoint: Endpoint, timeoutMs: Int64?)
    case faultApplied(id: Int, endpoint: Endpoint, fault: String)
    case responseReceived(id: Int, endpoint: Endpoint, outcome: String)
    // Backend.
    case backendHandled(id: Int, endpoint: Endpoint, outcome: String)
    case journeyChanged(user: String, journey: Journey)
    case accountSeeded(user: String, email: String, journey: Journey)
    case progressStored(user: String, phase: OnboardingPhase)
    case analytics(user: String, event: String)
    case pushTokenRegistered(user: String)
    // Client store and sync queue.
    case phaseChanged(OnboardingPhase)
    case stepCompleted(user: String, phase: OnboardingPhase)
    case syncQueued(user: String, phase: OnboardingPhase)
    case syncDelivered(user: String, phase: OnboardingPhase)
    case syncAbandoned(user: String, phase: OnboardingPhase)
    case permissionAnswered(granted: Bool)
    case appConfiguration(termsURL: String, privacyURL: String)
    case note(String)

    public var lane: String {
        switch self {
        case .launched, .killed, .backgrounded, .foregrounded, .reinstalled, .cacheCorrupted, .signedOut,
             .connectivity, .permissionAnswered, .appConfiguration, .launchContext, .deviceSettings:
            "device"
        case .screen, .screenAppeared, .screenDisappeared: "screen"
        case .userAction, .actionUnavailable: "user"
        case .timerStarted, .timerStopped, .timerTick: "otp-timer"
        case .requestSent, .faultApplied, .responseReceived: "network"
        case .backendHandled, .journeyChanged, .accountSeeded, .progressStored, .analytics, .pushTokenRegistered: "backend"
        case .phaseChanged, .stepCompleted, .note, .signedIn: "client"
        case .syncQueued, .syncDelivered, .syncAbandoned: "sync-queue"
        }
    }

    public var canonicalText: String {
        switch self {
        case .launched(let process, let cold): "launched process=\(process) \(cold ? "cold" : "warm")"
        case .killed(let process): "killed process=\(process)"
        case .backgrounded: "backgrounded"
        case .foregrounded: "foregrounded"
        case .reinstalled: "reinstalled"
        case .cacheCorrupted: "cache-corrupted"
        case .signedOut: "signed-out"
        case .signedIn(let user): "signed-in user=\(user)"
        case .launchContext(let user, let hit): "launch-context session=\(user ?? "none") cache=\(hit ? "hit" : "miss")"
        case .deviceSettings(let reduceMotion, let grants):
            "settings reduce-motion=\(reduceMotion) notifications=\(grants ? "grant" : "deny")"
        case .connectivity(let online): online ? "online" : "offline"
        case .screen(let state): "screen \(state.canonicalText)"
        case .userAction(let action, let detail): detail.isEmpty ? "action \(action.rawValue)" : "action \(action.rawValue) \(detail)"
        case .actionUnavailable(let action, let route): "unavailable \(action.rawValue) on \(route)"
        case .screenAppeared(let name): "appeared \(name)"
        case .screenDisappeared(let name): "disappeared \(name)"
        case .timerStarted(let id, let owner): "timer-started id=\(id) owner=\(owner)"
        case .timerStopped(let id): "timer-stopped id=\(id)"
        case .timerTick(let id, let remaining): "timer-tick id=\(id) remaining=\(remaining)"
        case .requestSent(let id, let endpoint, let timeout):
            "request id=\(id) \(endpoint.rawValue) timeout=\(timeout.map { "\($0)ms" } ?? "none")"
        case .faultApplied(let id, let endpoint, let fault): "fault id=\(id) \(endpoint.rawValue) \(fault)"
        case .responseReceived(let id, let endpoint, let outcome): "response id=\(id) \(endpoint.rawValue) \(outcome)"
        case .backendHandled(let id, let endpoint, let outcome): "handled id=\(id) \(endpoint.rawValue) \(outcome)"
        case .journeyChanged(let user, let journey): "journey user=\(user) \(journey)"
        case .accountSeeded(let user, let email, let journey): "account user=\(user) email=\(email) \(journey)"
        case .progressStored(let user, let phase): "progress user=\(user) phase=\(phase.rawValue)"
        case .analytics(let user, let event): "analytics user=\(user) event=\(event)"
        case .pushTokenRegistered(let user): "push-token user=\(user)"
        case .phaseChanged(let phase): "phase \(phase.rawValue)"
        case .stepCompleted(let user, let phase): "step-completed user=\(user) phase=\(phase.rawValue)"
        case .syncQueued(let user, let phase): "queued user=\(user) phase=\(phase.rawValue)"
        case .syncDelivered(let user, let phase): "delivered user=\(user) phase=\(phase.rawValue)"
        case .syncAbandoned(let user, let phase): "abandoned user=\(user) phase=\(phase.rawValue)"
        case .permissionAnswered(let granted): "permission \(granted ? "granted" : "denied")"
        case .appConfiguration(let terms, let privacy): "app-config terms=\(terms) privacy=\(privacy)"
        case .note(let text): "note \(text)"
        }
    }
}
