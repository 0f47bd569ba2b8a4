import AppVocabulary
import TrendyOnboarding

/// What the user sees of the view model's state: the small adapter a team writes, the same
/// reading its SwiftUI views make.
enum TrendyScreen {
    @MainActor static func state(of model: OnboardingViewModel) -> ScreenState {
        var state: ScreenState
        switch model.place {
        case .launching:
            state = ScreenState(route: .named(RouteName("launch", kind: .launch)))
            state.loadingScreen = "launch-screen"
            return state
        case .home:
            state = ScreenState(route: .named(RouteName("home", kind: .main)))
            if model.homeLoading { state.loadingScreen = "home-loading" }
            return state
        case .onboarding(let step):
            state = ScreenState(route: route(of: step))
            // A system prompt is the OS's dialog over the card: it waits on the user's answer, as a
            // sheet does (the pickup app's Apple sheet shows the same way).
            state.spinner = model.isBusy ? step.rawValue : model.systemPrompt != nil ? "system-prompt" : nil
            state.errorText = model.errorMessage
            state.alert = model.systemPrompt.map { "Allow \($0)?" }
            state.motionEffects = model.confetti ? ["confetti"] : []
            if step == .signUp { state.emailField = model.email }
            guard !model.isBusy, model.systemPrompt == nil else { return state }
            state.actions = actions(on: step, emailValid: model.isEmailValid).map { UserAction($0) }
            return state
        }
    }

    /// The screen of an onboarding step: sign-up is where the account is made (an auth screen).
    static func route(of step: OnboardingViewModel.Step) -> Route {
        .named(RouteName(step.rawValue, kind: step == .signUp ? .auth : .onboarding))
    }

    /// The buttons (and the email field, `type-email`) a step's screen offers.
    static func actions(on step: OnboardingViewModel.Step, emailValid: Bool) -> [String] {
        switch step {
        case .welcome: ["get-started"]
        case .signUp: emailValid ? ["type-email", "sign-up"] : ["type-email"]
        case .notifications: ["enable-notifications", "not-now"]
        case .location: ["enable-location", "not-now"]
        case .finish: ["finish"]
        }
    }
}
