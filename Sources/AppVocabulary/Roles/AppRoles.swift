/// The roles an app declares for its actions and endpoints: what the oracles read instead of
/// names. Every app declares its own, the bundled apps included, in its plug-in (`AppPlugin.roles`);
/// an action not listed moves the user on, an endpoint not listed is a request a tap caused
/// (`RequestRole()`). A route's role is its `kind` (`RouteName`): every route of kind `.launch` is
/// a launch screen.
///
/// ```swift
/// let roles = AppRoles(actions: [(UserAction("type-email"), .input(.email)), (UserAction("sign-up"), .submit(.email))],
///                      requests: [(Endpoint("sign-up"), RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email")])),
///                                 (Endpoint("events"), RequestRole(cause: .background))])
/// ```
///
/// Looked up by the names' fingerprints, in declaration order: an app declares a few dozen.
public struct AppRoles: Sendable {
    private var actionRoles: [(fingerprint: UInt64, action: UserAction, role: ActionRole)] = []
    private var requestRoles: [(fingerprint: UInt64, endpoint: Endpoint, role: RequestRole)] = []
    /// The declared names' fingerprints, names and what oracles ask most, position for position
    /// with the entries above: a lookup scans integers and copies plain values, never an entry
    /// (oracles ask for most events they read).
    private var actionKeys: [UInt64] = []
    private var actionNames: [String] = []
    private var actionRoleList: [ActionRole] = []
    private var requestKeys: [UInt64] = []
    private var requestNames: [String] = []
    private var requestFacts: [(isBackground: Bool, purpose: RequestRole.Purpose)] = []
    /// The actions that type or send a one-time code (`.input(.code)`, `.submit(.code)`): a screen
    /// that offers one is a code screen. Kept as the roles are set: every run asks.
    public private(set) var codeActions: [UserAction] = []
    /// The actions that ask for another code (`.resend`). Kept as the roles are set.
    public private(set) var resendActions: [UserAction] = []
    /// The actions that answer a prompt (`.cancel`, `.confirmSignOut`): a screen that offers one
    /// is a prompt. Kept as the roles are set.
    public private(set) var promptAnswers: [UserAction] = []
    /// The requests the app sends again by itself after a failure, each with its pause
    /// (`RequestRole.retryPause`), in declaration order. Kept as the roles are set.
    public private(set) var retriedRequests: [(endpoint: Endpoint, pause: Duration)] = []
    /// The requests the app sends again by itself after a failure no sooner than a backoff
    /// (`RequestRole.backoff`), in declaration order. Kept as the roles are set.
    public private(set) var backedOffRequests: [(endpoint: Endpoint, backoff: Duration)] = []
    /// The requests that send a code with a resend countdown, each with its length
    /// (`RequestRole.resendAfter`). Kept as the roles are set.
    public private(set) var resendCountdowns: [(endpoint: Endpoint, after: Duration)] = []
    /// Whether a request that sends a code declares a resend countdown.
    public var declaresResendCountdown: Bool { !resendCountdowns.isEmpty }

    /// How long after a successful answer to `endpoint` Resend is due, if it sends a code with a countdown.
    public func resendCountdown(after endpoint: Endpoint) -> Duration? {
        for entry in resendCountdowns where entry.endpoint.fingerprint == endpoint.fingerprint && entry.endpoint == endpoint {
            return entry.after
        }
        return nil
    }

    /// What each of the app's error texts blames, by the text's start, in declaration order.
    public private(set) var errorBlames: [(text: String, blame: ErrorBlame)] = []

    /// What causes each analytics event the app sends, by the event's name, in declaration order.
    public private(set) var analyticsCauses: [(event: String, cause: AnalyticsCause)] = []

    /// The screens besides the main app that show only to a signed-in user (the fix plan's steps
    /// after the code screen), in declaration order: after a sign-out none shows until the user
    /// signs in again (`signOutHolds`).
    public var signedInRoutes: [Route] { promises.signedInRoutes }

    /// What the user entered that the app promises to keep when it is killed (003: "Force-quit
    /// mid-onboarding: Resume from where they left off"; 002 §6: the email step comes back
    /// pre-filled). `.email`: once the code screen showed for an address, the email step shows it
    /// whenever it comes back, in any later launch, until the user starts over, signs out or
    /// reinstalls (`emailFieldIsTheUsers`). Empty (the default): the app may forget what was typed
    /// when it is killed, as Trendy does; within one launch every app keeps it.
    public var keptAcrossKills: [UserInput] { promises.keptAcrossKills }

    /// Whether the main app shows an offline banner while the device is offline (004: "Offline
    /// banner overlay on MainTabView: 'You're offline'"): then it shows exactly while offline
    /// (`offlineBannerTruthful`). False (the default): the app has no banner, and none is asked of it.
    public var showsOfflineBanner: Bool { promises.showsOfflineBanner }

    /// Whether the app may show a resume gate (`ScreenState.resumeGate`: 003's "Resume from where
    /// they left off", the fix plan's choice to continue or start over after a relaunch). A
    /// scenario's `resumeGate` check is refused for an app that declares none. False (the default).
    public var showsResumeGate: Bool { promises.showsResumeGate }

    /// How long a request the user waits on (a spinner up as it goes), made while the device is
    /// offline, waits for the connection before it goes and fails (003: "Offline-first: Never
    /// block user from continuing onboarding due to network": the fix plan's 20 s behind the
    /// spinner), if the app promises such a wait (`offlineTapWaitsForTheConnection`). Nil (the
    /// default): the app may fail an offline tap at once, and no wait is asked of it.
    public var offlineWait: Duration? { promises.offlineWait }

    /// The steps of the flow in the order a user goes through them (its onboarding and sign-in
    /// routes; the main app comes after all of them), if the app declares it: a relaunch then takes the
    /// user to no step after the one they were killed on unless they or the backend moved them
    /// on (`relaunchSkipsNoStep`). Empty (the default): not judged.
    public var stepOrder: [Route] { promises.stepOrder }

    /// The screens and entries the app declares, read a few times a run: one reference, so the
    /// roles, which every oracle's observation holds, stay the size they were (a field more made
    /// each copy of an observation a longer `memcpy`: +0.46% of a fix-plan seed, callgrind).
    private final class Promises: Sendable {
        let signedInRoutes: [Route]
        let keptAcrossKills: [UserInput]
        let showsOfflineBanner: Bool
        let showsResumeGate: Bool
        let offlineWait: Duration?
        let stepOrder: [Route]
        init(signedInRoutes: [Route], keptAcrossKills: [UserInput], showsOfflineBanner: Bool, showsResumeGate: Bool,
             offlineWait: Duration?, stepOrder: [Route]) {
            self.showsResumeGate = showsResumeGate
            self.stepOrder = stepOrder
            self.signedInRoutes = signedInRoutes
            self.keptAcrossKills = keptAcrossKills
            self.showsOfflineBanner = showsOfflineBanner
            self.offlineWait = offlineWait
        }
    }
    private let promises: Promises

    /// Whether the app promises to keep `input` across a kill (`keptAcrossKills`).
    public func keeps(_ input: UserInput) -> Bool { keptAcrossKills.contains(input) }

    /// Whether `route` shows only to a signed-in user: the main app, or a route declared so.
    public func needsASession(_ route: Route) -> Bool {
        route.kind == .main || signedInRoutes.contains(route)
    }

    /// What causes the analytics event `event`, if the app declared it.
    public func cause(ofAnalytics event: String) -> AnalyticsCause? {
        analyticsCauses.first { $0.event == event }?.cause
    }

    /// - Parameters:
    ///   - actions: each action's role; an action listed twice takes its last role.
    ///   - requests: each endpoint's role; an endpoint listed twice takes its last role.
    ///   - errors: what each error text blames, by how the text starts (`"Couldn't load"`); the
    ///     first that matches counts. An error text not declared is not judged for its blame.
    ///   - analytics: what causes each analytics event the app sends, by its name; an event not
    ///     declared is not judged.
    ///   - signedInRoutes: the screens besides the main app that show only to a signed-in user.
    ///   - keptAcrossKills: what the user entered that the app keeps when it is killed (`[.email]`).
    ///   - offlineBanner: whether the main app shows an offline banner while the device is offline.
    ///   - resumeGate: whether the app may show a resume gate (continue or start over).
    ///   - offlineWait: how long a request the user waits on, made offline, waits for the connection.
    ///   - stepOrder: the flow's steps in order, for where a relaunch may land.
    public init(actions: [(UserAction, ActionRole)] = [], requests: [(Endpoint, RequestRole)] = [],
                errors: [(String, ErrorBlame)] = [], analytics: [(String, AnalyticsCause)] = [],
                signedInRoutes: [Route] = [], keptAcrossKills: [UserInput] = [], offlineBanner: Bool = false,
                resumeGate: Bool = false, offlineWait: Duration? = nil, stepOrder: [Route] = []) {
        promises = Promises(signedInRoutes: signedInRoutes, keptAcrossKills: keptAcrossKills, showsOfflineBanner: offlineBanner,
                            showsResumeGate: resumeGate, offlineWait: offlineWait, stepOrder: stepOrder)
        for (action, role) in actions { set(role, for: action) }
        for (endpoint, role) in requests { set(role, for: endpoint) }
        // A sheet's credential comes with the sheet's close button, the user's cancel.
        if requests.contains(where: { $0.1.credential != nil }), !actions.contains(where: { $0.0 == .closeSystemSheet }) {
            set(.cancel, for: .closeSystemSheet)
        }
        errorBlames = errors.map { (text: $0.0, blame: $0.1) }
        analyticsCauses = analytics.map { (event: $0.0, cause: $0.1) }
    }

    /// What the error `text` blames, if the app declared it.
    public func blame(ofError text: String) -> ErrorBlame? {
        errorBlames.first { text.hasPrefix($0.text) }?.blame
    }

    /// No roles: every action moves the user on, every request is a tap's.
    public static let none = AppRoles()

    /// The role of `action` (`.forward` unless declared).
    public func role(of action: UserAction) -> ActionRole {
        guard let index = position(of: action) else { return .forward }
        return actionRoleList[index]
    }

    /// The role of a request to `endpoint` (`RequestRole()` unless declared).
    public func role(of endpoint: Endpoint) -> RequestRole {
        guard let index = position(of: endpoint) else { return RequestRole() }
        return requestRoles[index].role
    }

    /// Whether no user waits for a request to `endpoint` (a background request).
    public func isBackground(_ endpoint: Endpoint) -> Bool {
        guard let index = position(of: endpoint) else { return false }
        return requestFacts[index].isBackground
    }

    /// Whether a request to `endpoint` is for `purpose`.
    public func endpoint(_ endpoint: Endpoint, is purpose: RequestRole.Purpose) -> Bool {
        guard let index = position(of: endpoint) else { return purpose == .other }
        return requestFacts[index].purpose == purpose
    }

    /// Where `action` is declared, by its fingerprint first.
    private func position(of action: UserAction) -> Int? {
        var index = 0
        for key in actionKeys {
            if key == action.fingerprint, actionNames[index] == action.rawValue { return index }
            index += 1
        }
        return nil
    }

    /// Where `endpoint` is declared, by its fingerprint first.
    private func position(of endpoint: Endpoint) -> Int? {
        var index = 0
        for key in requestKeys {
            if key == endpoint.fingerprint, requestNames[index] == endpoint.rawValue { return index }
            index += 1
        }
        return nil
    }

    /// Whether any endpoint is declared for `purpose` (an app that asks where the user is: `.journey`).
    public func declares(_ purpose: RequestRole.Purpose) -> Bool { requestRoles.contains { $0.role.purpose == purpose } }

    /// The sign-in that exchanges Sign in with Apple's identity token (`RequestRole.credential`),
    /// if the app declares one: its app shows the system sheet.
    public var appleIDExchange: Endpoint? { requestRoles.first { $0.role.credential == .appleID }?.endpoint }

    /// The requests that carry what a system sheet answered (`RequestRole.credential`).
    public var credentialExchanges: [Endpoint] { requestRoles.filter { $0.role.credential != nil }.map(\.endpoint) }

    /// Whether a request that refreshes the session is declared `.background`: its cause may then
    /// be chosen per call (awaited after a 401; `RunObservation.isBackground(_:id:)`).
    public var refreshesInTheBackground: Bool {
        requestRoles.contains { $0.role.purpose == .refreshesSession && $0.role.cause == .background }
    }

    /// Whether the app promises a session refresh each time its main screen appears with a session
    /// from before this launch (a `.refreshesSession` request declared `sentWhenMainAppears`).
    public var refreshesWhenMainAppears: Bool {
        requestRoles.contains { $0.role.purpose == .refreshesSession && $0.role.sentWhenMainAppears }
    }

    /// The actions declared with a role that `matches`, in declaration order.
    public func actions(where matches: (ActionRole) -> Bool) -> [UserAction] {
        actionRoles.filter { matches($0.role) }.map(\.action)
    }

    /// Every declared action with its role, in declaration order (the registry checks each is listed).
    public var declaredActions: [(action: UserAction, role: ActionRole)] { actionRoles.map { ($0.action, $0.role) } }
    /// Every declared endpoint with its role, in declaration order.
    public var declaredRequests: [(endpoint: Endpoint, role: RequestRole)] { requestRoles.map { ($0.endpoint, $0.role) } }

    /// Sets `action`'s role.
    public mutating func set(_ role: ActionRole, for action: UserAction) {
        if let at = actionRoles.firstIndex(where: { $0.action == action }) {
            actionRoles[at].role = role
        } else {
            actionRoles.append((action.fingerprint, action, role))
            actionKeys.append(action.fingerprint)
            actionNames.append(action.rawValue)
        }
        actionRoleList = actionRoles.map(\.role)
        codeActions = actionRoles.filter { $0.role == .input(.code) || $0.role == .submit(.code) }.map(\.action)
        resendActions = actionRoles.filter { $0.role == .resend }.map(\.action)
        promptAnswers = actionRoles.filter { $0.role == .cancel || $0.role == .confirmSignOut }.map(\.action)
    }

    /// Sets the role of requests to `endpoint`.
    public mutating func set(_ role: RequestRole, for endpoint: Endpoint) {
        if let at = requestRoles.firstIndex(where: { $0.endpoint == endpoint }) {
            requestRoles[at].role = role
        } else {
            requestRoles.append((endpoint.fingerprint, endpoint, role))
            requestKeys.append(endpoint.fingerprint)
            requestNames.append(endpoint.rawValue)
        }
        requestFacts = requestRoles.map { ($0.role.isBackground, $0.role.purpose) }
        retriedRequests = requestRoles.compactMap { entry in entry.role.retryPause.map { (entry.endpoint, $0) } }
        backedOffRequests = requestRoles.compactMap { entry in entry.role.backoff.map { (entry.endpoint, $0) } }
        resendCountdowns = requestRoles.compactMap { entry in
            entry.role.purpose == .sendsCode ? entry.role.resendAfter.map { (entry.endpoint, $0) } : nil
        }
    }
}
