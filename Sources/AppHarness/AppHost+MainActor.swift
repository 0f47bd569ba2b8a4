import SimKernel
import AppVocabulary

extension AppHost.Hooks where App: Sendable {
    /// The adapter for an app isolated to the main actor, as an iOS view model is
    /// (`@MainActor @Observable final class OnboardingViewModel`): every hook is the main  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
    /// actor's, so it reads and calls the model as a SwiftUI view does, with no `await` to hop.
    ///
    /// In a run the main actor is the run's own: `MainActorBridge` (installed here if `main` did
    /// not install it first) takes each main-actor job into the run's queue, in order, and a run's
    /// driver thread counts as the phone's main thread, so the host calls the synchronous hooks
    /// there at once and the model's own `async` methods run among the run's jobs.
    ///
    /// ```swift
    /// AppHost<OnboardingViewModel>.Hooks.mainActor(
    ///     launch: { environment in OnboardingViewModel(http: environment.http, clock: environment.clock) },
    ///     screen: { model in model.screenState },
    ///     tap: { model, action, _ in await model.handle(action) })
    /// ```
    public static func mainActor(
        launch: @escaping @MainActor @Sendable (AppEnvironment) -> App,  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
        screen: @escaping @MainActor @Sendable (App) -> ScreenState,  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
        tap: @escaping @MainActor @Sendable (App, UserAction, String?) async -> Void,  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
        didEnterBackground: @escaping @MainActor @Sendable (App) -> Void = { _ in },  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
        willEnterForeground: @escaping @MainActor @Sendable (App) -> Void = { _ in },  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
        appeared: @escaping @MainActor @Sendable (App) async -> Void = { _ in },  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
        signedInUser: (@MainActor @Sendable (App) -> String?)? = nil  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
    ) -> Self {
        MainActorBridge.install()
        return Self(launch: { environment in onMain { launch(environment) } },
                    screen: { app in onMain { screen(app) } },
                    tap: { app, action, input in await tap(app, action, input) },
                    didEnterBackground: { app in onMain { didEnterBackground(app) } },
                    willEnterForeground: { app in onMain { willEnterForeground(app) } },
                    appeared: { app in await appeared(app) },
                    signedInUser: signedInUser.map { user in { @Sendable app in onMain { user(app) } } })
    }

    /// Runs a synchronous main-actor hook from the host, on the run's driver thread, which the
    /// bridge counts as the main actor's (`MainActor.assumeIsolated` checks it).
    private static func onMain<T: Sendable>(_ body: @MainActor () -> T) -> T { MainActor.assumeIsolated(body) }  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
}
