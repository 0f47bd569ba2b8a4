import Testing
import SimKernel
import AppVocabulary
import Oracles
import TrendyOnboarding
@testable import TrendySim

/// Trendy's own oracles on traces written by hand: each fires on what it exists for and stays
/// quiet on what the app as shipped does.
@Suite struct TrendyOracleTests {
    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace)
    }

    func screen(_ step: OnboardingViewModel.Step, confetti: Bool = false, alert: String? = nil) -> ModelEvent {
        var state = ScreenState(route: TrendyScreen.route(of: step))
        state.actions = TrendyScreen.actions(on: step, emailValid: true).map { UserAction($0) }
        state.motionEffects = confetti ? ["confetti"] : []
        state.alert = alert
        return .screen(state)
    }

    static let home = ModelEvent.screen(ScreenState(route: .named(RouteName("home", kind: .main))))
    static let launched = ModelEvent.launched(process: 1, cold: true)
    let settings = OracleSettings()

    /// On the notifications card; Enable at 1 s; then `after`.
    func enableNotifications(then after: [(Int64, ModelEvent)]) -> RunObservation {
        trace([(0, Self.launched), (0, screen(.notifications)), (1_000, .userAction(UserAction("enable-notifications"), detail: ""))] + after)
    }

    @Test func anEnableTapMustBringItsPromptOverItsOwnCard() {
        let asked = enableNotifications(then: [(1_000, .note("system prompt: notifications")),
                                               (1_000, screen(.notifications, alert: "Allow notifications?")), (1_800, screen(.location))])
        #expect(SystemPromptAfterItsCard().check(asked, settings: settings).isEmpty)
        let neverAsked = enableNotifications(then: [(1_000, screen(.location))])
        #expect(SystemPromptAfterItsCard().check(neverAsked, settings: settings).first?.message.contains("no system prompt") == true)
        let overTheNextCard = enableNotifications(then: [(1_000, .note("system prompt: notifications")),
                                                         (1_000, screen(.location, alert: "Allow notifications?"))])
        #expect(SystemPromptAfterItsCard().check(overTheNextCard, settings: settings).first?.message.contains("over location") == true)
        let unasked = trace([(0, Self.launched), (0, screen(.notifications)), (500, .note("system prompt: notifications"))])
        #expect(SystemPromptAfterItsCard().check(unasked, settings: settings).first?.message.contains("without the user's tap") == true)
    }

    @Test func everyCardShowsInOrderWhateverTheUserAnswered() {
        let inOrder = trace([(0, Self.launched), (0, screen(.welcome)), (1_000, screen(.signUp)), (2_000, screen(.notifications)),
                             (3_000, screen(.location)), (4_000, screen(.finish)), (5_000, Self.home)])
        #expect(EveryCardInOrder().check(inOrder, settings: settings).isEmpty)
        // A launch may open on the step the user had reached.
        let resumed = trace([(0, Self.launched), (0, screen(.location)), (1_000, screen(.finish))])
        #expect(EveryCardInOrder().check(resumed, settings: settings).isEmpty)
        let skipped = trace([(0, Self.launched), (0, screen(.notifications)), (1_000, screen(.finish))])
        #expect(EveryCardInOrder().check(skipped, settings: settings).first?.message.contains("location never showed") == true)
    }

    @Test func theFinishScreenAndOnlyItCelebratesUnlessReduceMotionIsOn() {
        let plain = trace([(0, Self.launched), (0, screen(.location)), (1_000, screen(.finish))])
        #expect(CelebrationOnFinish().check(plain, settings: settings).count == 1)
        let reduced = trace([(0, .deviceSettings(reduceMotion: true, grantsNotifications: true)), (0, Self.launched),
                             (1_000, screen(.finish))])
        #expect(CelebrationOnFinish().check(reduced, settings: settings).isEmpty)
        let celebrated = trace([(0, Self.launched), (1_000, screen(.finish, confetti: true)), (2_000, Self.home)])
        #expect(CelebrationOnFinish().check(celebrated, settings: settings).isEmpty)
        let early = trace([(0, Self.launched), (0, screen(.welcome, confetti: true))])
        #expect(CelebrationOnFinish().check(early, settings: settings).first?.message.contains("welcome played") == true)
    }

    @Test func aKillMidOnboardingResumesOnTheSameScreenUnlessTheAppWasReinstalled() {
        func killedOnLocation(then relaunch: [(Int64, ModelEvent)]) -> RunObservation {
            trace([(0, Self.launched), (0, screen(.welcome)), (1_000, screen(.location)), (2_000, .killed(process: 1)),
                   (2_000, .screen(.notRunning))] + relaunch)
        }
        let resumed = killedOnLocation(then: [(3_000, .launched(process: 2, cold: true)), (3_000, screen(.location))])
        #expect(ResumesWhereTheUserWas().check(resumed, settings: settings).isEmpty)
        let lost = killedOnLocation(then: [(3_000, .launched(process: 2, cold: true)), (3_000, screen(.welcome))])
        #expect(ResumesWhereTheUserWas().check(lost, settings: settings).count == 1)
        let reinstalled = killedOnLocation(then: [(2_500, .reinstalled), (3_000, .launched(process: 2, cold: true)), (3_000, screen(.welcome))])
        #expect(ResumesWhereTheUserWas().check(reinstalled, settings: settings).isEmpty)
    }

    @Test func theFlowMovesOnOnlyWithWhatTheBackendStored() {
        let created = trace([(0, Self.launched), (0, screen(.signUp)), (900, .note(TrendyBackend.accountCreated)),
                             (1_000, screen(.notifications))])
        #expect(FlowFollowsTheBackend().check(created, settings: settings).isEmpty)
        let noAccount = trace([(0, Self.launched), (0, screen(.signUp)), (1_000, screen(.notifications))])
        #expect(FlowFollowsTheBackend().check(noAccount, settings: settings).first?.message.contains("no account") == true)
        let unsaved = trace([(0, Self.launched), (0, screen(.finish)), (1_000, Self.home)])
        #expect(FlowFollowsTheBackend().check(unsaved, settings: settings).first?.message.contains("onboarding_complete") == true)
        let saved = trace([(0, Self.launched), (0, screen(.finish)), (900, .note(TrendyBackend.onboardingComplete)), (1_000, Self.home)])
        #expect(FlowFollowsTheBackend().check(saved, settings: settings).isEmpty)
    }
}
