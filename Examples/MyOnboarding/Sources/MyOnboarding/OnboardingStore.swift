import Foundation
import Observation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

public enum AppRoute: String, Sendable, CaseIterable {
    case splash        // the launch screen, while a signed-in launch asks the backend where the user is
    case welcome       // Get started / Log in
    case email         // enter your email
    case code          // enter the 6-digit code
    case goal          // pick a goal
    case activation    // review and activate the program
    case main          // the app
}

/// The whole onboarding as one store, the single source of truth for the root view (003).
@MainActor @Observable
public final class OnboardingStore {
    // What the views read.
    public private(set) var route: AppRoute
    public var email: String = ""
    public var code: String = ""
    public private(set) var isLoading = false
    public private(set) var loadingLabel: String?
    public private(set) var errorMessage: String?
    public private(set) var needsJourneyRetry = false
    public private(set) var resendCountdown = 0
    public private(set) var canResend = false
    public private(set) var isReturningLogin = false
    public private(set) var selectedGoal: String?
    public let goalOptions = ["Build strength", "Lose weight", "Run a 5K"]

    // Dependencies.
    private let api: APIService
    private let keychain: any SecureStore
    private let defaults: any KeyValueStore
    private let reachability: any Reachability
    private let clock: any Clock<Duration>
    private let bugs: Set<OnboardingBug>

    private var session: StoredSession?
    private var timerTask: Task<Void, Never>?
    public private(set) var isOnline = true
    public var signedInUser: String? { session?.userID }

    struct StoredSession: Codable {
        var accessToken: String
        var userID: String
        /// Nil in a session stored before the app kept it.
        var refreshToken: String?
    }

    static let sessionKey = "auth.session"
    static let pendingEmailKey = "onboarding.pending_email"
    static func stepKey(_ user: String) -> String { "onboarding.step.\(user)" }

    public init(http: any HTTPClient, keychain: any SecureStore, defaults: any KeyValueStore,
                reachability: any Reachability, clock: any Clock<Duration>, bugs: Set<OnboardingBug> = []) {
        self.api = APIService(http: http)
        self.keychain = keychain
        self.defaults = defaults
        self.reachability = reachability
        self.clock = clock
        self.bugs = bugs

        // Decide the first route synchronously from the cache, before the first frame (000 Pitfall 1).
        let stored = keychain.read(Self.sessionKey).flatMap { try? JSONDecoder().decode(StoredSession.self, from: $0) }
        self.session = stored
        if let stored {
            switch defaults.string(forKey: Self.stepKey(stored.userID)).flatMap(AppRoute.init(rawValue:)) {
            case .main?: route = .main
            case .activation?: route = .activation
            case .goal?: route = .goal
            default: route = .splash   // no cache for this user: ask the backend (003)
            }
        } else {
            route = .welcome
        }
        email = defaults.string(forKey: Self.pendingEmailKey) ?? ""
        isOnline = reachability.isOnline
        reachability.start(onMainActor: { [weak self] online in self?.connectivityChanged(online) })
    }

    /// The root view's `.task`: a signed-in launch with no cached step asks the backend.
    public func start() async {
        if route == .splash { await checkJourneyOnLaunch() }
    }

    // MARK: - Welcome and email

    public func typeEmail(_ text: String) { email = text; editedAfterOfflineFailure() }
    public func typeCode(_ text: String) { code = text; editedAfterOfflineFailure() }

    /// The user changed what they entered: the automatic retry is off, and once online the offline message goes.
    private func editedAfterOfflineFailure() {
        retryWhenOnline = nil
        if isOnline, errorMessage == Self.offlineMessage { errorMessage = nil }
    }

    public func getStarted() { isReturningLogin = false; go(.email) }
    public func logIn() { isReturningLogin = true; go(.email) }
    public func backToWelcome() { go(.welcome) }

    public var isValidEmail: Bool {
        // 002 §12: permissive, the server does the real validation.
        email.range(of: #"^[^\s@]+@[^\s@]+\.[^\s@]{2,}$"#, options: .regularExpression) != nil
    }

    public func sendCode() async {
        guard !isLoading, isValidEmail else { return }
        begin("send-code")
        defer { end() }
        do {
            try await online { try await api.sendCode(email: email, createUser: !isReturningLogin) }
            defaults.set(email, forKey: Self.pendingEmailKey)
            code = ""
            go(.code)
            startResendTimer()
        } catch {
            fail(error, "Couldn't send the code. Please try again.") { [weak self] in await self?.sendCode() }
        }
    }

    // MARK: - Code

    public func resendCode() async {
        guard !isLoading, canResend else { return }
        begin("resend")
        defer { end() }
        do {
            // 002 §9: a returning user's resend must not create an account.
            try await online { try await api.sendCode(email: email, createUser: !isReturningLogin) }
            code = ""
            startResendTimer()
        } catch {
            fail(error, "Failed to resend code. Please try again.") { [weak self] in await self?.resendCode() }
        }
    }

    public func useDifferentEmail() {
        // 002 §6: keep the email so the field comes back pre-filled.
        code = ""
        stopResendTimer()
        go(.email)
    }

    public func verify() async {
        if !bugs.contains(.doubleTapVerifiesTwice) {
            guard !isLoading else { return }
        }
        guard code.count == 6 else { return }
        begin("verify")
        do {
            let auth = try await online { try await api.verify(email: email, code: code) }
            keep(StoredSession(accessToken: auth.accessToken, userID: auth.user.id, refreshToken: auth.refreshToken))
            stopResendTimer()
            await completeLogin()
        } catch let error as APIError where error.status == 403 || error.status == 401 {
            errorMessage = "That code didn't work. Check it and try again."
            end()
        } catch {
            fail(error, "Couldn't verify the code. Please try again.") { [weak self] in await self?.verify() }
            end()
        }
    }

    /// 002 §1: route by the backend's journey; on failure stay here with an error and Retry.
    public func completeLogin() async {
        guard let session else { return }
        errorMessage = nil
        needsJourneyRetry = false
        isLoading = true
        loadingLabel = "journey"
        do {
            let journey = try await online { try await authorized(session) { try await self.api.fetchJourney(token: $0) } }
            route(by: journey)
        } catch let error as APIError where error.status == 401 && !bugs.contains(.refusedSessionKept) {
            // The session was refused (revoked or the account deleted elsewhere, 003): start again.
            signOut()
            errorMessage = "You've been signed out. Please log in again."
        } catch {
            if bugs.contains(.journeyFailureGoesHome) {
                // The old code: assume the user is done.
                go(.main)
            } else {
                errorMessage = "Couldn't connect. Please check your connection and try again."
                needsJourneyRetry = true
            }
        }
        isLoading = false
        loadingLabel = nil
    }

    public func retry() async {
        guard !isLoading else { return }
        if route == .splash { await checkJourneyOnLaunch() } else { await completeLogin() }
    }

    // MARK: - Goal and activation

    public func selectGoal(_ goal: String) {
        guard goalOptions.contains(goal) else { return }
        selectedGoal = goal
    }

    public func confirmGoal() async {
        guard !isLoading, let goal = selectedGoal, let session else { return }
        begin("confirm-goal")
        defer { end() }
        do {
            try await online { try await authorized(session) { try await self.api.saveGoal(goal, token: $0) } }
            go(.activation)
        } catch {
            fail(error, "Couldn't save your goal. Please try again.") { [weak self] in await self?.confirmGoal() }
        }
    }

    public func activate() async {
        guard !isLoading, let session else { return }
        begin("activate")
        defer { end() }
        do {
            try await online { try await authorized(session) { try await self.api.activateProgram(token: $0) } }
            go(.main)
        } catch {
            fail(error, "Couldn't activate your program. Please try again.") { [weak self] in await self?.activate() }
        }
    }

    public func signOut() {
        stopResendTimer()
        keychain.delete(Self.sessionKey)
        defaults.removeObject(forKey: Self.pendingEmailKey)
        session = nil
        email = ""
        code = ""
        selectedGoal = nil
        go(.welcome)
    }

    // MARK: - Private

    private func checkJourneyOnLaunch() async {
        guard let session else { return }
        errorMessage = nil
        needsJourneyRetry = false
        isLoading = true
        loadingLabel = "launch-check"
        do {
            let journey = try await online { try await authorized(session) { try await self.api.fetchJourney(token: $0) } }
            route(by: journey)
        } catch let error as APIError where error.status == 401 {
            // The session is gone (account deleted elsewhere): start again.
            signOut()
            errorMessage = "You've been signed out. Please log in again."
        } catch {
            errorMessage = "Couldn't connect. Please check your connection and try again."
            needsJourneyRetry = true
        }
        isLoading = false
        loadingLabel = nil
    }

    /// Stores `stored` as the session, in memory and in the keychain.
    private func keep(_ stored: StoredSession) {
        session = stored
        if let data = try? JSONEncoder().encode(stored) { keychain.write(data, for: Self.sessionKey) }
    }

    /// Runs `call` with the session's access token; on a 401 (the token expired, an hour after
    /// it was issued) refreshes the session once and runs it again with the new token. A refresh
    /// refused with 401 is a lost session (revoked, the account deleted): that 401 is thrown, and
    /// the caller signs out. A refresh that fails on the network throws its own error.
    /// The session is read at each call, not when the work began: a call made again once the
    /// connection is back uses the tokens of a refresh made since (the simulator found the first
    /// draft refreshing with a rotated-away refresh token, and the user signed out).
    private func authorized<T>(_ began: StoredSession, _ call: (String) async throws -> T) async throws -> T {
        // The same user's newest session; another user's is never used for this one's work.
        let stored = session.flatMap { $0.userID == began.userID ? $0 : nil } ?? began
        do {
            return try await call(stored.accessToken)
        } catch let error as APIError where error.status == 401 {
            guard !bugs.contains(.expiredTokenSignsOut), let refreshToken = stored.refreshToken else { throw error }
            let renewed = try await api.refresh(refreshToken: refreshToken)
            // Signed out (or another user signed in) while the refresh was out: not ours to keep.
            guard session?.userID == stored.userID else { throw error }
            let fresh = StoredSession(accessToken: renewed.accessToken, userID: renewed.user.id, refreshToken: renewed.refreshToken)
            keep(fresh)
            return try await call(fresh.accessToken)
        }
    }

    static let offlineMessage = "You're offline. We'll try again as soon as you're back online."
    private var retryWhenOnline: (@MainActor () async -> Void)?

    private func fail(_ error: Error, _ fallback: String, retry: @escaping @MainActor () async -> Void) {
        // A 401 for our session: it was revoked or the account deleted elsewhere (003). Found by
        // the simulator once account losses reached our backend: "Couldn't save your goal" kept a
        // dead session.
        if let refused = error as? APIError, refused.status == 401, session != nil, !bugs.contains(.refusedSessionKept) {
            signOut()
            errorMessage = "You've been signed out. Please log in again."
            return
        }
        errorMessage = message(for: error, fallback: fallback)
        // Only for this screen, and only while the user has not changed what they entered.
        retryWhenOnline = nil
        guard errorMessage == Self.offlineMessage else { return }
        let screen = route
        retryWhenOnline = { [weak self] in
            guard let self, self.route == screen else { return }
            await retry()
        }
    }

    private func connectivityChanged(_ online: Bool) {
        isOnline = online
        // The offline message follows the connection: gone once it is back.
        // 003: "Auto-sync when connection returns": what failed offline is tried again.
        if online, errorMessage == Self.offlineMessage, retryWhenOnline == nil {
            errorMessage = nil
        } else if online, errorMessage == Self.offlineMessage {
            // A short debounce: the path flaps, and a keystroke in the same instant goes first
            // (typing or leaving the screen cancels the retry).
            let clock = self.clock
            Task { [weak self] in
                do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
                guard let self, self.isOnline, self.errorMessage == Self.offlineMessage else { return }
                guard let retry = self.retryWhenOnline else { self.errorMessage = nil; return }
                self.retryWhenOnline = nil
                await retry()
            }
        }
    }

    /// 003 "Offline-first": a tap made offline waits a while for the connection behind its spinner,
    /// and a request cut off as it left is sent once more when the connection is back.
    private func online<T>(_ work: () async throws -> T) async throws -> T {
        guard await waitForConnection() else { throw URLError(.notConnectedToInternet) }
        do {
            return try await work()
        } catch let error as URLError where error.code == .notConnectedToInternet || error.code == .networkConnectionLost {
            guard await waitForConnection() else { throw error }
            return try await work()
        }
    }

    private func waitForConnection(upTo limit: Duration = .seconds(20)) async -> Bool {
        var waited = Duration.zero
        while !reachability.isOnline {
            if waited >= limit { return false }
            do { try await clock.sleep(for: .milliseconds(250)) } catch { return false }
            waited += .milliseconds(250)
        }
        return true
    }

    private func route(by journey: JourneyState) {
        if journey.programActive {
            go(.main)
        } else if journey.goal != nil {
            go(.activation)
        } else {
            go(.goal)
        }
    }

    private func go(_ next: AppRoute) {
        retryWhenOnline = nil
        if next != route {
            errorMessage = nil
            needsJourneyRetry = false
            if next == .goal { selectedGoal = nil }
        }
        route = next
        if let user = session?.userID, [.goal, .activation, .main].contains(next) {
            defaults.set(next.rawValue, forKey: Self.stepKey(user))
        }
    }

    private func begin(_ label: String) {
        retryWhenOnline = nil
        errorMessage = nil
        isLoading = true
        loadingLabel = label
    }

    private func end() {
        isLoading = false
        loadingLabel = nil
    }

    private func message(for error: Error, fallback: String) -> String {
        if let urlError = error as? URLError {
            switch urlError.code {
            case .notConnectedToInternet, .networkConnectionLost:
                return Self.offlineMessage
            case .timedOut:
                return "The server took too long to answer. Please try again."
            default:
                return fallback
            }
        }
        if let api = error as? APIError, api.status == 422 {
            return "We couldn't find an account for that email."
        }
        return fallback
    }

    // 002 §5: one countdown task, cancelled when the code screen goes away.
    private func startResendTimer() {
        if !bugs.contains(.resendTimerNeverCancelled) {
            timerTask?.cancel()
        }
        resendCountdown = 30
        canResend = false
        let clock = self.clock
        timerTask = Task { [weak self] in
            while let self, self.resendCountdown > 0 {
                try? await clock.sleep(for: .seconds(1))
                guard !Task.isCancelled else { return }
                self.resendCountdown -= 1
            }
            self?.canResend = true
        }
    }

    private func stopResendTimer() {
        guard !bugs.contains(.resendTimerNeverCancelled) else { return }
        timerTask?.cancel()
        timerTask = nil
    }
}
