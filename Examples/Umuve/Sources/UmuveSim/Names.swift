import UmuveApp
import AppVocabulary

/// The app's routes, actions and endpoints as scenarios and the trace name them.
enum Names {
    static let routes = RouteNames<UmuveApp.Route>([(.onboarding, RouteName("onboarding", kind: .onboarding)),
                                                    (.signIn, RouteName("sign-in", kind: .auth)),
                                                    (.main, RouteName("main", kind: .main))])

    static let next = UserAction("next"), skip = UserAction("skip"), getStarted = UserAction("get-started")
    static let swipeBack = UserAction("swipe-back"), signInWithApple = UserAction("sign-in-with-apple")
    static let refresh = UserAction("refresh"), signOut = UserAction("sign-out")
    static let confirmSignOut = UserAction("confirm-sign-out"), cancelSignOut = UserAction("cancel-sign-out")

    static let appleSignIn = Endpoint("apple-sign-in"), refreshSession = Endpoint("refresh-session"), pickups = Endpoint("pickups")

    /// The alert the sign-out asks (004: "Are you sure you want to sign out?").
    static let signOutAlert = "Are you sure you want to sign out?"
}
