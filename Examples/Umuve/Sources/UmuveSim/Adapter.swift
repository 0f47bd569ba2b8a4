import UmuveApp
import AppHarness
import AppVocabulary

// The harness's services, as the app's own protocols: one line each, and the Apple sheet's errors
// as the app's.
extension SimulatedHTTPClient: HTTPClient {}
extension SimulatedDefaults: SecureStore {}
extension SimulatedDefaults: KeyValueStore {}
extension SimulatedPathMonitor: Reachability {}
extension AppEnvironment: AppleSignInProvider {
    public func requestAppleIDCredential() async throws -> String {
        do { return try await appleIDCredential() } catch AppHarness.AppleSignInError.failed { throw UmuveApp.AppleSignInError.failed } catch {
            throw UmuveApp.AppleSignInError.canceled
        }
    }
}

/// What the user sees: the store read as the SwiftUI views draw it (004's `JunkOSApp` routing,
/// `OnboardingView`'s pager, `WelcomeAuthView`, `MainTabView` with its banner and `ProfileView`'s
/// alert).
@MainActor
enum Adapter {
    static func screen(of store: AppStore) -> ScreenState {
        var screen = ScreenState(route: Names.routes.route(of: store.route))
        switch store.route {
        case .onboarding:
            let page = store.onboardingPage
            screen.page = page
            screen.actions = (page < 3 ? [Names.next] : [Names.getStarted]) + [Names.skip] + (page > 1 ? [Names.swipeBack] : [])
        case .signIn:
            screen.errorText = store.signInError
            if store.isSigningIn { screen.spinner = "sign-in" } else { screen.actions = [Names.signInWithApple] }
        case .main:
            screen.errorText = store.pickupsError
            screen.offlineBanner = store.isOffline
            screen.contentOwner = store.pickups?.userID
            if store.isLoadingPickups { screen.spinner = "pickups" }
            if store.isShowingSignOutConfirmation {
                screen.alert = Names.signOutAlert
                screen.actions = [Names.confirmSignOut, Names.cancelSignOut]
            } else {
                screen.actions = (store.canRefresh ? [Names.refresh] : []) + [Names.signOut]
            }
        }
        return screen
    }

    static func tap(_ store: AppStore, _ action: UserAction, _ input: String?) async {
        let before = store.route
        switch action {
        case Names.next: store.next()
        case Names.skip: store.skip()
        case Names.getStarted: store.getStarted()
        case Names.swipeBack: store.swipe(toPage: store.onboardingPage - 1)
        case Names.signInWithApple: await store.signInWithApple()
        case Names.refresh: await store.refresh()
        case Names.signOut: store.signOut()
        case Names.confirmSignOut: await store.confirmSignOut()
        case Names.cancelSignOut: store.cancelSignOut()
        default: break
        }
        // MainTabView's `.onAppear`: each time main comes up.
        if before != .main, store.route == .main { await store.mainAppeared() }
    }

    /// The root view appeared: the path monitor starts, and main's `.onAppear` if it is main.
    static func appeared(_ store: AppStore) async {
        store.start()
        if store.route == .main { await store.mainAppeared() }
    }
}
