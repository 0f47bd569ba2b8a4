import MyOnboarding
import AppVocabulary

/// What the user sees: the store read as SwiftUI's views would draw it.
@MainActor
enum Adapter {
    static func screen(of store: OnboardingStore) -> ScreenState {
        var screen = ScreenState(route: Names.routes.route(of: store.route))
        screen.errorText = store.errorMessage
        if store.isLoading {
            if store.route == .splash { screen.loadingScreen = "launch-screen" } else { screen.spinner = store.loadingLabel }
        }
        var actions: [UserAction] = []
        switch store.route {
        case .splash:
            if store.needsJourneyRetry { actions = [Names.retry] }
            if !store.isLoading && !store.needsJourneyRetry && store.errorMessage == nil { screen.loadingScreen = "launch-screen" }
        case .welcome:
            actions = [Names.getStarted, Names.logIn]
        case .email:
            screen.emailField = store.email
            actions = [Names.typeEmail, Names.back]
            if store.isValidEmail { actions.append(Names.sendCode) }
        case .code:
            screen.codeField = store.code
            if store.needsJourneyRetry {
                actions = [Names.retry]
            } else {
                actions = [Names.typeCode, Names.useAnotherEmail]
                if store.code.count == 6 { actions.append(Names.verify) }
                if store.canResend { actions.append(Names.resend) } else { screen.countdown = store.resendCountdown }
            }
        case .goal:
            screen.choices = store.goalOptions
            actions = [Names.selectGoal]
            if store.selectedGoal != nil { actions.append(Names.confirmGoal) }
        case .activation:
            actions = [Names.activate]
        case .main:
            actions = [Names.signOut]
        }
        screen.actions = store.isLoading ? [] : actions
        return screen
    }

    static func tap(_ store: OnboardingStore, _ action: UserAction, _ input: String?) async {
        switch action {
        case Names.getStarted: store.getStarted()
        case Names.logIn: store.logIn()
        case Names.typeEmail: store.typeEmail(input ?? "")
        case Names.sendCode: await store.sendCode()
        case Names.back: store.backToWelcome()
        case Names.typeCode: store.typeCode(input ?? "")
        case Names.verify: await store.verify()
        case Names.resend: await store.resendCode()
        case Names.useAnotherEmail: store.useDifferentEmail()
        case Names.retry: await store.retry()
        case Names.selectGoal: store.selectGoal(input ?? store.goalOptions[0])
        case Names.confirmGoal: await store.confirmGoal()
        case Names.activate: await store.activate()
        case Names.signOut: store.signOut()
        default: break
        }
    }
}
