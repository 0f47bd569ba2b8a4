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
    /// Every declared entry and what is derived from them, behind one reference: every oracle's
    /// observation holds the roles, and a copy of them is one retain, not one per table
    /// (seventeen arrays were copied about 170 times a fix-plan seed: 3% of its judging).
    private var tables: Tables

    private final class Tables: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private struct Fields: Sendable {
        var actionRoles: [(fingerprint: UInt64, action: UserAction, role: ActionRole)] = []
        var requestRoles: [(fingerprint: UInt64, endpoint: Endpoint, role: RequestRole)] = []
        /// The declared names' fingerprints, names and what oracles ask most, position for
        /// position with the entries above: a lookup compares integers and copies plain values,
        /// never an entry (oracles ask for most events they read).
        var actionKeys: [UInt64] = []
        var actionNames: [String] = []
        var actionRoleList: [ActionRole] = []
        var requestKeys: [UInt64] = []
        var requestNames: [String] = []
        var requestFacts: [RequestFacts] = []
        var requestRoleList: [RequestRole] = []
        /// Open-addressed tables from a fingerprint's low bits to the entry's position + 1 (0 for
        /// a free slot), a power of two at least twice the entries: a lookup reads one or two slots.
        var actionSlots: [Int32] = []
        var requestSlots: [Int32] = []
        var codeActions: [UserAction] = []
        var resendActions: [UserAction] = []
        var promptAnswers: [UserAction] = []
        var retriedRequests: [(endpoint: Endpoint, pause: Duration)] = []
        var backedOffRequests: [(endpoint: Endpoint, backoff: Duration)] = []
        var resendCountdowns: [(endpoint: Endpoint, after: Duration)] = []
        var errorBlames: [(text: String, blame: ErrorBlame)] = []
        var analyticsCauses: [(event: String, cause: AnalyticsCause)] = []
        /// The screens and entries the app declares, read a few times a run.
        var signedInRoutes: [Route] = []
        var keptAcrossKills: [UserInput] = []
        var showsOfflineBanner = false
        var showsResumeGate = false
        var offlineWait: Duration?
        var stepOrder: [Route] = []

        /// The slots of `keys`, built again whenever an entry is added.
        static func slots(of keys: [UInt64]) -> [Int32] {
            var size = 8
            while size < 2 * keys.count { size *= 2 }
            var slots = [Int32](repeating: 0, count: size)
            for (position, key) in keys.enumerated() {
                var slot = Int(truncatingIfNeeded: key) & (size - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
                slots[slot] = Int32(position + 1)
            }
            return slots
        }

        /// The position of the entry with `key` and `name` in `keys` and `names`.
        @inline(__always)
        static func position(of key: UInt64, named name: String, slots: [Int32], keys: [UInt64], names: [String]) -> Int? {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: key) & mask
            while true {
                let entry = Int(slots[slot])
                if entry == 0 { return nil }
                if keys[entry - 1] == key, names[entry - 1] == name { return entry - 1 }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Changes the tables (only while the roles are declared).
    private mutating func change(_ body: (inout Fields) -> Void) {
        var fields = tables.fields
        body(&fields)
        tables = Tables(fields)
    }

    /// The actions that type or send a one-time code (`.input(.code)`, `.submit(.code)`): a screen
    /// that offers one is a code screen. Kept as the roles are set: every run asks.
    public var codeActions: [UserAction] { tables.fields.codeActions }
    /// The actions that ask for another code (`.resend`). Kept as the roles are set.
    public var resendActions: [UserAction] { tables.fields.resendActions }
    /// The actions that answer a prompt (`.cancel`, `.confirmSignOut`): a screen that offers one
    /// is a prompt. Kept as the roles are set.
    public var promptAnswers: [UserAction] { tables.fields.promptAnswers }
    /// The requests the app sends again by itself after a failure, each with its pause
    /// (`RequestRole.retryPause`), in declaration order. Kept as the roles are set.
    public var retriedRequests: [(endpoint: Endpoint, pause: Duration)] { tables.fields.retriedRequests }
    /// The requests the app sends again by itself after a failure no sooner than a backoff
    /// (`RequestRole.backoff`), in declaration order. Kept as the roles are set.
    public var backedOffRequests: [(endpoint: Endpoint, backoff: Duration)] { tables.fields.backedOffRequests }
    /// The requests that send a code with a resend countdown, each with its length
    /// (`RequestRole.resendAfter`). Kept as the roles are set.
    public var resendCountdowns: [(endpoint: Endpoint, after: Duration)] { tables.fields.resendCountdowns }
    /// Whether a request that sends a code declares a resend countdown.
    public var declaresResendCountdown: Bool { !resendCountdowns.isEmpty }

    /// How long after a successful answer to `endpoint` Resend is due, if it sends a code with a countdown.
    public func resendCountdown(after endpoint: Endpoint) -> Duration? {
        for entry in tables.fields.resendCountdowns where entry.endpoint.fingerprint == endpoint.fingerprint && entry.endpoint == endpoint {
            return entry.after
        }
        return nil
    }

    /// What each of the app's error texts blames, by the text's start, in declaration order.
    public var errorBlames: [(text: String, blame: ErrorBlame)] { tables.fields.errorBlames }

    /// What causes each analytics event the app sends, by the event's name, in declaration order.
    public var analyticsCauses: [(event: String, cause: AnalyticsCause)] { tables.fields.analyticsCauses }

    /// The screens besides the main app that show only to a signed-in user (the fix plan's steps
    /// after the code screen), in declaration order: after a sign-out none shows until the user
    /// signs in again (`signOutHolds`).
    public var signedInRoutes: [Route] { tables.fields.signedInRoutes }

    /// What the user entered that the app promises to keep when it is killed (003: "Force-quit
    /// mid-onboarding: Resume from where they left off"; 002 §6: the email step comes back
    /// pre-filled). `.email`: once the code screen showed for an address, the email step shows it
    /// whenever it comes back, in any later launch, until the user starts over, signs out or
    /// reinstalls (`emailFieldIsTheUsers`). Empty (the default): the app may forget what was typed
    /// when it is killed, as Trendy does; within one launch every app keeps it.
    public var keptAcrossKills: [UserInput] { tables.fields.keptAcrossKills }

    /// Whether the main app shows an offline banner while the device is offline (004: "Offline
    /// banner overlay on MainTabView: 'You're offline'"): then it shows exactly while offline
    /// (`offlineBannerTruthful`). False (the default): the app has no banner, and none is asked of it.
    public var showsOfflineBanner: Bool { tables.fields.showsOfflineBanner }

    /// Whether the app may show a resume gate (`ScreenState.resumeGate`: 003's "Resume from where
    /// they left off", the fix plan's choice to continue or start over after a relaunch). A
    /// scenario's `resumeGate` check is refused for an app that declares none. False (the default).
    public var showsResumeGate: Bool { tables.fields.showsResumeGate }

    /// How long a request the user waits on (a spinner up as it goes), made while the device is
    /// offline, waits for the connection before it goes and fails (003: "Offline-first: Never
    /// block user from continuing onboarding due to network": the fix plan's 20 s behind the
    /// spinner), if the app promises such a wait (`offlineTapWaitsForTheConnection`). Nil (the
    /// default): the app may fail an offline tap at once, and no wait is asked of it.
    public var offlineWait: Duration? { tables.fields.offlineWait }

    /// The steps of the flow in the order a user goes through them (its onboarding and sign-in
    /// routes; the main app comes after all of them), if the app declares it: a relaunch then takes the
    /// user to no step after the one they were killed on unless they or the backend moved them
    /// on (`relaunchSkipsNoStep`). Empty (the default): not judged.
    public var stepOrder: [Route] { tables.fields.stepOrder }

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
        var fields = Fields()
        fields.signedInRoutes = signedInRoutes
        fields.keptAcrossKills = keptAcrossKills
        fields.showsOfflineBanner = offlineBanner
        fields.showsResumeGate = resumeGate
        fields.offlineWait = offlineWait
        fields.stepOrder = stepOrder
        fields.actionSlots = Fields.slots(of: [])
        fields.requestSlots = Fields.slots(of: [])
        tables = Tables(fields)
        for (action, role) in actions { set(role, for: action) }
        for (endpoint, role) in requests { set(role, for: endpoint) }
        // A sheet's credential comes with the sheet's close button, the user's cancel.
        if requests.contains(where: { $0.1.credential != nil }), !actions.contains(where: { $0.0 == .closeSystemSheet }) {
            set(.cancel, for: .closeSystemSheet)
        }
        change {
            $0.errorBlames = errors.map { (text: $0.0, blame: $0.1) }
            $0.analyticsCauses = analytics.map { (event: $0.0, cause: $0.1) }
        }
    }

    /// What the error `text` blames, if the app declared it.
    public func blame(ofError text: String) -> ErrorBlame? {
        errorBlames.first { text.hasPrefix($0.text) }?.blame
    }

    /// No roles: every action moves the user on, every request is a tap's.
    public static let none = AppRoles()

    /// The role of `action` (`.forward` unless declared).
    public func role(of action: UserAction) -> ActionRole {
        let fields = tables
        guard let index = Fields.position(of: action.fingerprint, named: action.rawValue, slots: fields.fields.actionSlots,
                                          keys: fields.fields.actionKeys, names: fields.fields.actionNames) else { return .forward }
        return fields.fields.actionRoleList[index]
    }

    /// The role of a request to `endpoint` (`RequestRole()` unless declared).
    public func role(of endpoint: Endpoint) -> RequestRole {
        guard let index = position(of: endpoint) else { return RequestRole() }
        return tables.fields.requestRoleList[index]
    }

    /// Whether no user waits for a request to `endpoint` (a background request).
    public func isBackground(_ endpoint: Endpoint) -> Bool { facts(of: endpoint).isBackground }

    /// What oracles ask most of a request to `endpoint`, in one lookup (`RequestFacts.undeclared`
    /// for an endpoint the app does not declare): an observation looks each request's up once.
    public func facts(of endpoint: Endpoint) -> RequestFacts {
        guard let index = position(of: endpoint) else { return .undeclared }
        return tables.fields.requestFacts[index]
    }

    /// Whether a request to `endpoint` is for `purpose`.
    public func endpoint(_ endpoint: Endpoint, is purpose: RequestRole.Purpose) -> Bool { facts(of: endpoint).purpose == purpose }

    /// Where `endpoint` is declared, by its fingerprint first.
    private func position(of endpoint: Endpoint) -> Int? {
        let fields = tables
        return Fields.position(of: endpoint.fingerprint, named: endpoint.rawValue, slots: fields.fields.requestSlots,
                               keys: fields.fields.requestKeys, names: fields.fields.requestNames)
    }

    /// Whether any endpoint is declared for `purpose` (an app that asks where the user is: `.journey`).
    public func declares(_ purpose: RequestRole.Purpose) -> Bool { tables.fields.requestRoles.contains { $0.role.purpose == purpose } }

    /// The sign-in that exchanges Sign in with Apple's identity token (`RequestRole.credential`),
    /// if the app declares one: its app shows the system sheet.
    public var appleIDExchange: Endpoint? { tables.fields.requestRoles.first { $0.role.credential == .appleID }?.endpoint }

    /// The requests that carry what a system sheet answered (`RequestRole.credential`).
    public var credentialExchanges: [Endpoint] { tables.fields.requestRoles.filter { $0.role.credential != nil }.map(\.endpoint) }

    /// Whether a request that refreshes the session is declared `.background`: its cause may then
    /// be chosen per call (awaited after a 401; `RunObservation.isBackground(_:id:)`).
    public var refreshesInTheBackground: Bool {
        tables.fields.requestRoles.contains { $0.role.purpose == .refreshesSession && $0.role.cause == .background }
    }

    /// Whether the app promises a session refresh each time its main screen appears with a session
    /// from before this launch (a `.refreshesSession` request declared `sentWhenMainAppears`).
    public var refreshesWhenMainAppears: Bool {
        tables.fields.requestRoles.contains { $0.role.purpose == .refreshesSession && $0.role.sentWhenMainAppears }
    }

    /// The actions declared with a role that `matches`, in declaration order.
    public func actions(where matches: (ActionRole) -> Bool) -> [UserAction] {
        // One pass into one array (rules ask a few times a run): no filtered copy of the table
        // to map through a key path.
        var found: [UserAction] = []
        for entry in tables.fields.actionRoles where matches(entry.role) { found.append(entry.action) }
        return found
    }

    /// Every declared action with its role, in declaration order (the registry checks each is listed).
    public var declaredActions: [(action: UserAction, role: ActionRole)] { tables.fields.actionRoles.map { ($0.action, $0.role) } }
    /// Every declared endpoint with its role, in declaration order.
    public var declaredRequests: [(endpoint: Endpoint, role: RequestRole)] { tables.fields.requestRoles.map { ($0.endpoint, $0.role) } }

    /// Sets `action`'s role.
    public mutating func set(_ role: ActionRole, for action: UserAction) {
        change { fields in
            if let at = fields.actionRoles.firstIndex(where: { $0.action == action }) {
                fields.actionRoles[at].role = role
            } else {
                fields.actionRoles.append((action.fingerprint, action, role))
                fields.actionKeys.append(action.fingerprint)
                fields.actionNames.append(action.rawValue)
                fields.actionSlots = Fields.slots(of: fields.actionKeys)
            }
            fields.actionRoleList = fields.actionRoles.map(\.role)
            fields.codeActions = fields.actionRoles.filter { $0.role == .input(.code) || $0.role == .submit(.code) }.map(\.action)
            fields.resendActions = fields.actionRoles.filter { $0.role == .resend }.map(\.action)
            fields.promptAnswers = fields.actionRoles.filter { $0.role == .cancel || $0.role == .confirmSignOut }.map(\.action)
        }
    }

    /// Sets the role of requests to `endpoint`.
    public mutating func set(_ role: RequestRole, for endpoint: Endpoint) {
        change { fields in
            if let at = fields.requestRoles.firstIndex(where: { $0.endpoint == endpoint }) {
                fields.requestRoles[at].role = role
            } else {
                fields.requestRoles.append((endpoint.fingerprint, endpoint, role))
                fields.requestKeys.append(endpoint.fingerprint)
                fields.requestNames.append(endpoint.rawValue)
                fields.requestSlots = Fields.slots(of: fields.requestKeys)
            }
            fields.requestFacts = fields.requestRoles.map { RequestFacts(isBackground: $0.role.isBackground, purpose: $0.role.purpose) }
            fields.requestRoleList = fields.requestRoles.map(\.role)
            fields.retriedRequests = fields.requestRoles.compactMap { entry in entry.role.retryPause.map { (entry.endpoint, $0) } }
            fields.backedOffRequests = fields.requestRoles.compactMap { entry in entry.role.backoff.map { (entry.endpoint, $0) } }
            fields.resendCountdowns = fields.requestRoles.compactMap { entry in
                entry.role.purpose == .sendsCode ? entry.role.resendAfter.map { (entry.endpoint, $0) } : nil
            }
        }
    }
}
