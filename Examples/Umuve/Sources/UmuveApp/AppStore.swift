import Foundation
import Observation

/// Which screen the app shows.
public enum Route: Equatable, Sendable { case onboarding, signIn, main }

/// Root store: routing, onboarding, sign-in, sign-out. Main screen logic is in `AppStore+Main.swift`.
@MainActor @Observable
public final class AppStore {
    static let onboardingKey = "hasCompletedOnboarding"
    static let cachedPickupsKey = "umuve.cachedPickups"
    static let onboardingPages = 1...3
    static let signedOutMessage = "You were signed out. Please sign in again."
    static let offlineMessage = "You're offline. Check your connection and try again."
    static let offlineListMessage = "You're offline. Your pickups will load when you're back online."

    /// The auth manager (`@EnvironmentObject var authManager` in the views).
    public let auth: AuthenticationManager

    /// Mirrors `@AppStorage("hasCompletedOnboarding")`.
    public internal(set) var hasCompletedOnboarding: Bool
    /// The onboarding page shown (1...3).
    public internal(set) var onboardingPage = 1
    /// True while "Sign in with Apple" is in progress (ProgressView over the button).
    public internal(set) var isSigningIn = false
    /// Inline message below the Apple button (a failure, or why the user was signed out).
    public internal(set) var signInError: String?
    /// True while the pickups list is loading.
    public internal(set) var isLoadingPickups = false
    /// Error shown on main with a "Retry" button.
    public internal(set) var pickupsError: String?
    /// The list shown on main, with the user id it belongs to (nil if none).
    public internal(set) var pickups: PickupList?
    /// Drives the "You're offline" banner over main.
    public internal(set) var isOffline: Bool
    /// Drives the "Are you sure you want to sign out?" alert.
    public internal(set) var isShowingSignOutConfirmation = false

    /// `if !hasCompletedOnboarding { onboarding } else if !isAuthenticated { sign-in } else { main }`.
    public var route: Route {
        if !hasCompletedOnboarding { return .onboarding }
        if !auth.isAuthenticated { return .signIn }
        return .main
    }

    /// The signed-in user id (nil if none).
    public var userID: String? { auth.session?.userID }

    @ObservationIgnored let api: UmuveAPI
    @ObservationIgnored let defaults: any KeyValueStore
    @ObservationIgnored let reachability: any Reachability
    /// For any waiting; this flow has none today.
    @ObservationIgnored let clock: any Clock<Duration>
    @ObservationIgnored let bugs: Set<UmuveBug>
    /// Connectivity as last reported by the path monitor (independent of the banner).
    @ObservationIgnored var isConnected: Bool
    /// Bumped whenever an in-flight pickups load must be ignored (new load, sign-out).
    @ObservationIgnored var loadGeneration = 0
    @ObservationIgnored var reconnectTask: Task<Void, Never>?
    /// The pickups request in flight, cancelled when its session ends.
    @ObservationIgnored var loadTask: Task<PickupList, any Error>?
    @ObservationIgnored private var started = false

    public init(http: any HTTPClient, keychain: any SecureStore, defaults: any KeyValueStore,
                reachability: any Reachability, clock: any Clock<Duration>,
                apple: any AppleSignInProvider, bugs: Set<UmuveBug> = []) {
        let api = UmuveAPI(http: http)
        self.api = api
        self.defaults = defaults
        self.reachability = reachability
        self.clock = clock
        self.bugs = bugs
        let online = reachability.isOnline
        let restore = online || !bugs.contains(.offlineLaunchShowsSignIn)
        auth = AuthenticationManager(keychain: keychain, api: api, apple: apple, bugs: bugs, restoreSession: restore)
        hasCompletedOnboarding = defaults.bool(forKey: Self.onboardingKey)
        isOffline = !online
        isConnected = online
    }

    /// App launched (root view `.onAppear`): starts the network path monitor.
    public func start() {
        guard !started else { return }
        started = true
        connectivityChanged(reachability.isOnline)
        reachability.start { [weak self] online in
            self?.connectivityChanged(online)
        }
    }

    // MARK: Onboarding

    /// "Next" button on onboarding pages 1–2.
    public func next() {
        guard route == .onboarding, onboardingPage < Self.onboardingPages.upperBound else { return }
        onboardingPage += 1
    }

    /// "Skip" text button (top-right, every onboarding page): finishes onboarding.
    public func skip() {
        guard route == .onboarding else { return }
        if bugs.contains(.skipDoesNotFinishOnboarding) {
            onboardingPage = Self.onboardingPages.upperBound
            return
        }
        finishOnboarding()
    }

    /// "Get Started" button on onboarding page 3: finishes onboarding.
    public func getStarted() {
        guard route == .onboarding, onboardingPage == Self.onboardingPages.upperBound else { return }
        finishOnboarding()
    }

    /// Swiping the onboarding pager (`TabView(selection:)` with `.page` style) to `page`.
    public func swipe(toPage page: Int) {
        guard route == .onboarding, Self.onboardingPages.contains(page) else { return }
        if bugs.contains(.onboardingSwipeBackIgnored), page < onboardingPage { return }
        onboardingPage = page
    }

    private func finishOnboarding() {
        if !bugs.contains(.onboardingFlagNotPersisted) {
            defaults.set(true, forKey: Self.onboardingKey)
        }
        hasCompletedOnboarding = true
    }

    // MARK: Sign in

    /// "Sign in with Apple" button on the sign-in screen.
    public func signInWithApple() async {
        guard route == .signIn, !isSigningIn else { return }
        isSigningIn = true
        signInError = nil
        var succeeded = false
        do {
            try await auth.signInWithApple()
            succeeded = true
        } catch AppleSignInError.canceled {
            if bugs.contains(.cancelShowsError) { signInError = "Sign in with Apple failed. Please try again." }
        } catch AppleSignInError.failed {
            signInError = "Sign in with Apple failed. Please try again."
        } catch {
            if !bugs.contains(.backendSignInErrorSwallowed) {
                signInError = Self.message(for: error, fallback: "We couldn't sign you in. Please try again.")
            }
        }
        if succeeded || !bugs.contains(.signInSpinnerStuck) {
            isSigningIn = false
        }
    }

    // MARK: Sign out

    /// "Sign Out" button in Profile: shows the confirmation alert.
    public func signOut() {
        guard route == .main else { return }
        isShowingSignOutConfirmation = true
    }

    /// "Cancel" in the sign-out alert: nothing changes.
    public func cancelSignOut() {
        isShowingSignOutConfirmation = false
    }

    /// "Sign Out" (destructive) in the sign-out alert: clears the session and cached list, routes to sign-in.
    public func confirmSignOut() async {
        guard isShowingSignOutConfirmation else { return }
        isShowingSignOutConfirmation = false
        guard route == .main else { return }
        endSession(message: nil)
    }

    /// The backend refused the refresh token: the session is gone.
    func sessionWasRevoked() {
        guard auth.session == nil else { return }
        endSession(message: bugs.contains(.noSignedOutMessage) ? nil : Self.signedOutMessage)
    }

    /// Clears everything tied to the signed-in user. Onboarding stays completed.
    func endSession(message: String?) {
        auth.logout()
        if !bugs.contains(.staleListAfterUserSwitch) {
            loadGeneration += 1
            // The session's requests go with it (found by onboarding-sim: the next user's load went
            // out beside the last one's, still waiting on the network).
            if !bugs.contains(.signOutLeavesTheLoadRunning) { loadTask?.cancel() }
        }
        loadTask = nil
        isLoadingPickups = false
        pickupsError = nil
        if !bugs.contains(.signOutKeepsCachedList) {
            pickups = nil
            defaults.removeObject(forKey: Self.cachedPickupsKey)
        }
        if !bugs.contains(.alertSurvivesForcedSignOut) {
            isShowingSignOutConfirmation = false
        }
        isSigningIn = false
        signInError = message
    }

    static func message(for error: any Error, fallback: String) -> String {
        switch error as? APIError {
        case .offline?: return offlineMessage
        case .timedOut?: return "The request timed out. Please try again."
        default: return fallback
        }
    }
}
