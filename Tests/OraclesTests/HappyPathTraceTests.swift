import Testing
import SimKernel
import AppVocabulary
import Oracles

/// The happy path as a baseline (#64 item 5): with no fault and a healthy network, a user who only
/// goes forward reaches the main app. Judged from the user's own word that they gave up.
@Suite struct HappyPathTraceTests {
    static let next = UserAction("continue"), back = UserAction("back")
    static let roles = AppRoles(actions: [(next, .forward), (back, .back)])
    static let welcome = Route.named(RouteName("welcome", kind: .onboarding))

    /// A welcome screen whose Continue does nothing; the user taps it seven times and gives up,
    /// after `before` (what else happened first).
    static func stuck(before: [(Int64, ModelEvent)] = [], reason: String = "too many tries on welcome") -> RunObservation {
        var state = ScreenState(route: welcome)
        state.actions = [next, back]
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, .screen(state))] + before
        for tap in 1...7 { events.append((Int64(1_000 * tap), .userAction(next, detail: ""))) }
        events.append((8_000, .note(UserGaveUp.prefix + reason)))
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: roles)
    }

    func check(_ run: RunObservation) -> [Violation] { HappyPathReachesMain().check(run, settings: OracleSettings()) }

    @Test func aForwardUserWhoGivesUpOnAHealthyNetworkIsReported() {
        let found = check(Self.stuck())
        #expect(found.count == 1 && found.first?.message.contains("the plain path does not reach the main app") == true, "\(found)")
        #expect(found.first?.message.contains("on welcome") == true)
        #expect(check(Self.stuck(reason: "nothing to do on welcome")).count == 1)
    }

    @Test func aFaultAnOfflineSpellADeviationOrTooManyChoicesExplainTheGiveUp() {
        #expect(check(Self.stuck(before: [(500, .requestSent(id: 1, timeoutMs: 10_000, endpoint: Endpoint("start"))),
                                          (500, .faultApplied(id: 1, endpoint: Endpoint("start"), fault: "drop"))])).isEmpty)
        #expect(check(Self.stuck(before: [(500, .connectivity(online: false)), (600, .connectivity(online: true))])).isEmpty)
        #expect(check(Self.stuck(before: [(500, .userAction(Self.back, detail: ""))])).isEmpty)
        #expect(check(Self.stuck(before: [(500, .backgrounded), (600, .foregrounded)])).isEmpty)
        #expect(check(Self.stuck(reason: "more than 40 choices")).isEmpty)
    }

    @Test func aGiveUpAfterOnlyGoingForwardIsOnRecordButNotAfterADeviationACancelOrMain() {
        let simulation = Simulation(seed: 1)
        _ = simulation.run {
            UserGaveUp.record(.reachedMain, deviated: false, in: simulation)
            UserGaveUp.record(.gaveUp(reason: "cancelled"), deviated: false, in: simulation)
            UserGaveUp.record(.gaveUp(reason: "too many tries on auth"), deviated: true, in: simulation)
            UserGaveUp.record(.gaveUp(reason: "too many tries on welcome"), deviated: false, in: simulation)
        }
        let notes = simulation.trace.entries.compactMap { entry -> String? in
            if case .note(let text)? = entry.record as? ModelEvent { text } else { nil }
        }
        #expect(notes == [UserGaveUp.prefix + "too many tries on welcome"])
        #expect(UserGaveUp.reason(of: notes[0]) == "too many tries on welcome")
    }
}
