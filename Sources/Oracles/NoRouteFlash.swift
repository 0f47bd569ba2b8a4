import SimKernel
import AppVocabulary

/// No route flash (DESIGN §4; seed 003: "I don't want users who already completed onboarding to
/// see it flash, even for a millisecond"; seed 000 Pitfall 1).
///
/// (a) A returning user (session, onboarding finished) never sees an onboarding or auth route
/// before `main` on a launch, nor after signing in (once the app has the journey: the answer of
/// a request whose role is `.journey`). (b) No route but a launch screen (any route of kind
/// `.launch`) is replaced, without a user action in between, within the flash window. (c) A cache
/// hit's first frame is the final route.
public struct NoRouteFlash: Oracle {
    public let name = "noRouteFlash"
    public let summary = "returning users never see onboarding before main; no route replaced within the flash window without a user action; a cache hit's first frame is final"
    /// A promise of any app's screens (route kinds, actions, banner, session).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        returningUserFlashes(run) + signInFlashes(run) + quickReplacements(run, window: settings.flashWindow)
            + cacheHitFirstFrames(run)
    }

    /// (a) after a sign-in: the first route after the sign-in screen of a user who had finished
    /// onboarding is main, unless the app had no journey answer by then.
    private func signInFlashes(_ run: RunObservation) -> [Violation] {
        run.signInsByCode().compactMap { signIn, user, verified in
            let signedInOn = run.screen(atIndex: signIn.index)?.state.route
            guard run.completedOnboarding(user, atIndex: signIn.index),
                  let next = run.screens(after: signIn.index, through: .max).first(where: {
                      $0.state.route != nil && $0.state.route != signedInOn
                  }), let route = next.state.route, route.isOnboardingOrAuth,
                  journeyAnswered(run, after: signIn.index, before: next.index) else { return nil }
            return Violation(
                oracle: name, at: next.time,
                message: "\(user), who had finished onboarding, signed in at \(signIn.time) and saw \(route) before the "
                    + "main app. Route a finished user to main after sign-in (seed 003: \"I don't want users who already "
                    + "completed onboarding to see it flash\").",
                excerpt: run.lines([verified.index, signIn.index, next.index]))
        }
    }

    /// (a)
    private func returningUserFlashes(_ run: RunObservation) -> [Violation] {
        run.launches.compactMap { launch in
            guard let user = launch.sessionUser, run.completedOnboarding(user, atIndex: launch.startIndex) else { return nil }
            let shown = run.screens(during: launch)
            guard let flash = shown.first(where: { $0.state.route?.isOnboardingOrAuth == true }) else { return nil }
            // Without a cache the app cannot know until the backend answers; if it has not, seed
            // 003's decision ("Show onboarding if backend check fails or times out") applies.
            if !launch.cacheHit && !journeyAnswered(run, after: launch.startIndex, before: flash.index) { return nil }
            if let main = shown.first(where: { $0.state.route?.kind == .main }), main.index < flash.index { return nil }
            return Violation(
                oracle: name, at: flash.time,
                message: "A returning user who had finished onboarding saw \(flash.state.route!) on launch \(launch.number) "
                    + "before the main app. The first route for a completed user must be main (seed 000 Pitfall 1).",
                excerpt: run.excerpt(from: launch.startIndex, to: flash.index))
        }
    }

    private func journeyAnswered(_ run: RunObservation, after start: Int, before end: Int) -> Bool {
        run.events([.responseReceived]).between(after: start, before: end).contains { event in
            if case .responseReceived(_, let endpoint, "ok") = event.event { return run.roles.endpoint(endpoint, is: .journey) }
            return false
        }
    }

    /// (b)
    private func quickReplacements(_ run: RunObservation, window: Duration) -> [Violation] {
        let changes = routeChanges(run)
        let userInitiated = run.events(RunObservation.Event.userInitiatedKinds)
        var violations: [Violation] = []
        for (shown, replacement) in zip(changes, changes.dropFirst()) {
            guard let route = shown.route, route.kind != .launch, replacement.route != nil else { continue }
            let elapsed = shown.time.duration(to: replacement.time)
            guard elapsed < window else { continue }
            let acted = !userInitiated.between(after: shown.index, before: replacement.index).isEmpty
            guard !acted else { continue }
            violations.append(Violation(
                oracle: name, at: replacement.time,
                message: "\(route) showed for \(elapsed.totalMilliseconds)ms and was replaced by \(replacement.route!) "
                    + "with no user action in between: a route flash. Decide the route once, before the first frame.",
                excerpt: run.excerpt(from: shown.index, to: replacement.index)))
        }
        return violations
    }

    /// (c)
    private func cacheHitFirstFrames(_ run: RunObservation) -> [Violation] {
        let userInitiated = run.events(RunObservation.Event.userInitiatedKinds)
        return run.launches.compactMap { launch in
            guard launch.cacheHit else { return nil }
            let shown = run.screens(during: launch)
            guard let first = shown.first else { return nil }
            let firstAction = userInitiated.between(after: first.index, before: launch.endIndex).first
            let limit = firstAction?.index ?? launch.endIndex
            let changed = shown.first { $0.index < limit && $0.state.route != first.state.route && $0.state.route != nil }
            guard first.state.route?.kind == .launch || changed != nil else { return nil }
            let later = changed ?? first
            return Violation(
                oracle: name, at: later.time,
                message: "Launch \(launch.number) had a cached status for its user, but its first frame "
                    + "(\(first.state.route.map(\.description) ?? "none")) was not the final route"
                    + (changed.map { " (\($0.state.route!) followed)" } ?? "")
                    + ". A cache hit must route synchronously (seed 003).",
                excerpt: run.excerpt(from: launch.startIndex, to: later.index))
        }
    }

    private func routeChanges(_ run: RunObservation) -> [(index: Int, time: SimulationInstant, route: Route?)] {
        var changes: [(index: Int, time: SimulationInstant, route: Route?)] = []
        changes.reserveCapacity(run.screens.count)
        // By position: a screen is read where it is, not copied out of the list first.
        for position in run.screens.indices {
            let route = run.screens[position].state.route
            if let last = changes.last, last.route == route { continue }
            changes.append((run.screens[position].index, run.screens[position].time, route))
        }
        return changes
    }
}

extension RunObservation.Event {
    /// Something the user did: an action on screen, or signing out, backgrounding, foregrounding,
    /// killing, launching or reinstalling the app. A route change that follows one is not a flash.
    static let userInitiatedKinds: ModelEvent.Kinds = [.userAction, .signedOut, .backgrounded, .foregrounded, .killed,
                                                       .launched, .reinstalled]
}
