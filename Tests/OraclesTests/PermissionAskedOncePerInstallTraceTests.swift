import Testing
import SimKernel
import AppVocabulary
import Oracles

/// `permissionAskedOncePerInstall` on hand-built traces: the card whose button raised a prompt
/// the user answered comes back after a relaunch (fires); the same after a reinstall, for another
/// person on the phone, within the launch (Back), or for a flash, stays quiet.
@Suite struct PermissionAskedOncePerInstallTraceTests {
    static let card = Route("notifications", kind: .onboarding)
    static let home = Route("home", kind: .main)
    static let enable = UserAction("enable-notifications")

    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        // In time order, events of one instant in the order given.
        let events = events.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace)
    }

    func screen(_ route: Route, offering actions: [UserAction] = []) -> ModelEvent {
        var state = ScreenState(route: route)
        state.actions = actions
        return .screen(state)
    }

    /// The user answers the prompt raised by Enable in launch 1; `between` happens before launch 2
    /// (or within launch 1), which shows the card again at 20 s for `shownFor` ms.
    func run(between: [(Int64, ModelEvent)] = [], relaunch: Bool = true, shownFor: Int64 = 5_000,
             userAtTheCard: String = "u1") -> RunObservation {
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "u1")),
                                             (0, screen(Self.card, offering: [Self.enable])),
                                             (1_000, .userAction(Self.enable, detail: "")), (1_800, .permissionAnswered(granted: true)),
                                             (1_800, screen(Self.home))]
        events += between
        if relaunch { events += [(10_000, .killed(process: 1)), (15_000, .launched(process: 2, cold: true))] }
        if userAtTheCard != "u1" { events.append((15_000, .signedIn(user: userAtTheCard))) }
        events += [(20_000, screen(Self.card, offering: [Self.enable])), (20_000 + shownFor, screen(Self.home)), (60_000, .note("end"))]
        return trace(events)
    }

    func check(_ run: RunObservation) -> [Violation] { PermissionAskedOncePerInstall().check(run, settings: OracleSettings()) }

    @Test func theCardOfAnAnsweredPromptAfterARelaunchIsReported() {
        let found = check(run())
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.message.contains("offered 'enable-notifications' again") == true)
        #expect(found.first?.message.contains("answered at 1800ms") == true)
    }

    @Test func aReinstallAnotherPersonTheSameLaunchOrAFlashAreNotJudged() {
        #expect(check(run(between: [(12_000, .reinstalled)])).isEmpty, "a reinstall forgets the answer")
        #expect(check(run(userAtTheCard: "u2")).isEmpty, "another person's onboarding on the same phone")
        #expect(check(run(relaunch: false)).isEmpty, "within the launch the user may come back to the card")
        #expect(check(run(shownFor: 100)).isEmpty, "a card gone within the flash window")
        let noAnswer = trace([(0, .launched(process: 1, cold: true)), (0, screen(Self.card, offering: [Self.enable])),
                              (1_000, .killed(process: 1)), (2_000, .launched(process: 2, cold: true)),
                              (2_000, screen(Self.card, offering: [Self.enable])), (9_000, .note("end"))])
        #expect(check(noAnswer).isEmpty, "a card whose prompt was never answered")
    }
}
