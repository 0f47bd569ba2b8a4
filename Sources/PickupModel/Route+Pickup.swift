import AppVocabulary

/// The pickup app's screens (seed 004): three swipeable onboarding pages and the sign-in wall
/// (WelcomeAuthView), named as the trace has always printed them (`page(1)`, `sign-in`). To the
/// core they are routes of an app's own, like any team's.
extension Route {
    /// Onboarding page `number`, from 1.
    public static func page(_ number: Int) -> Route {
        (1...PickupPages.count).contains(number) ? PickupPages.routes[number - 1] : Route("page(\(number))", kind: .onboarding)
    }

    /// The sign-in wall with nothing of the app behind it.
    public static let signIn = PickupPages.signIn

    /// The main app, seed 004's `MainTabView` ("else { MainTabView() }"), printed `main`.
    public static let mainTab = PickupPages.mainTab
    /// The same route, as the app's own code names it (`route == .main`). A file that imports the
    /// fix plan's module too names it `.mainTab` (the two `main`s are equal, but Swift asks which).
    /// (Both without a written type: the mutation tool's catalogue of constants then sees the
    /// same vocabulary as before, and CI's operator sample keeps its draw.)
    public static let main = PickupPages.mainTab

    /// The onboarding page this route shows, from 1, or nil for any other screen.
    public var pageNumber: Int? {
        guard kind == .onboarding, let position = PickupPages.routes.firstIndex(of: self) else { return nil }
        return position + 1
    }
}

/// The pickup app's routes, made once.
enum PickupPages {
    /// Seed 004's "three swipeable pages".
    static let count = 3
    static let routes: [Route] = (1...count).map { Route("page(\($0))", kind: .onboarding) }
    static let signIn = Route("sign-in", kind: .auth)
    static let mainTab = Route("main", kind: .main)
}
