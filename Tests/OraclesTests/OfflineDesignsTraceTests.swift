import Testing
import SimKernel
import AppVocabulary
import Oracles

/// The designs shipped iOS apps use for a tap made offline, each accepted by `noSilentDeadEnd`
/// (issue #63: taking "You're offline" down when the connection came back read as a dead end in
/// 104 of 2,000 runs of a correct app): an error that stays until the next tap, an error taken
/// down once the connection is back with the button offered again, and a wait behind a spinner
/// (`WaitsHandBuiltTraceTests`). An error that goes while the phone is still offline is no design.
@Suite struct OfflineDesignsTraceTests {
    static let card = Route("sign-up", kind: .auth)
    static let send = UserAction("send")
    static let roles = AppRoles(actions: [(Self.send, .submit(.email))])

    func screen(error: String? = nil) -> ModelEvent {
        var state = ScreenState(route: Self.card)
        state.actions = [Self.send]
        state.errorText = error
        return .screen(state)
    }

    /// Send tapped offline at 1 s: "You're offline" at once; the connection comes back at
    /// `onlineAt`, and the error goes at `clearedAt` (never, for nil); the run ends at 90 s.
    func tappedOffline(onlineAt: Int64, clearedAt: Int64?) -> RunObservation {
        var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true)), (0, screen()),
                                             (500, .connectivity(online: false)), (1_000, .userAction(Self.send, detail: "")),
                                             (1_000, screen(error: "You're offline. Try again when you're connected.")),
                                             (onlineAt, .connectivity(online: true))]
        if let clearedAt { events.append((clearedAt, screen())) }
        events.sort { $0.0 < $1.0 }
        events.append((90_000, .note("end")))
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: Self.roles)
    }

    @Test func anErrorThatStaysUntilTheNextTapIsNoDeadEnd() {
        #expect(NoSilentDeadEnd().check(tappedOffline(onlineAt: 5_000, clearedAt: nil), settings: OracleSettings()).isEmpty)
    }

    @Test func anErrorTakenDownWhenTheConnectionIsBackWithTheButtonOfferedIsNoDeadEnd() {
        #expect(NoSilentDeadEnd().check(tappedOffline(onlineAt: 5_000, clearedAt: 5_000), settings: OracleSettings()).isEmpty)
        #expect(NoSilentDeadEnd().check(tappedOffline(onlineAt: 5_000, clearedAt: 5_300), settings: OracleSettings()).isEmpty)
    }

    @Test func anErrorThatGoesWhileThePhoneIsStillOfflineLeavesASilentDeadEnd() {
        let found = NoSilentDeadEnd().check(tappedOffline(onlineAt: 20_000, clearedAt: 3_000), settings: OracleSettings())
        #expect(found.count == 1 && found.first?.message.contains("a silent dead end") == true, "\(found)")
    }
}
