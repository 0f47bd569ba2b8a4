import Testing
import PickupSim
import PickupModel
import SimKernel
import AppVocabulary
import Oracles
import ToolAppsForTests

/// The pickup app's kept list (seed 004: "Offline launch shows cached main view with offline
/// banner"; 003: "Auto-sync when connection returns"), on traces written by hand: offline it
/// stands under no offline error, and back online it is loaded again.
@Suite struct KeptListTraceTests {
    init() { ToolApps.register() }

    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: PickupRoles.roles)
    }

    func main(owner: String? = "p1", error: String? = nil, banner: Bool = false) -> ModelEvent {
        var state = ScreenState(route: .mainTab)
        state.actions = [.signOut]
        state.contentOwner = owner
        state.errorText = error
        state.offlineBanner = banner
        return .screen(state)
    }

    /// A launch made offline on the kept list, `shown` on it, then `after`.
    func offlineLaunch(_ shown: ModelEvent, then after: [(Int64, ModelEvent)] = []) -> RunObservation {
        trace([(0, .connectivity(online: false)), (0, .launched(process: 1, cold: true)), (0, .signedIn(user: "p1")),
               (0, shown)] + after + [(20_000, .note("end"))])
    }

    @Test func theOfflineErrorOverTheKeptListIsReported() {
        let offline = "You're offline. Your pickups will load when you're back online."
        let found = OfflineShowsWhatWasSeen().check(offlineLaunch(main(error: offline, banner: true)), settings: OracleSettings())
        #expect(found.map(\.message) == ["At 0ms, offline, the main tab showed p1's list under the error \"\(offline)\": the list is on "
            + "screen, and the offline banner tells them the rest (seed 004: \"Offline launch shows cached main view with offline banner\")."])
        #expect(OfflineShowsWhatWasSeen().check(offlineLaunch(main(banner: true)), settings: OracleSettings()).isEmpty)
        #expect(OfflineShowsWhatWasSeen().check(offlineLaunch(main(error: "Couldn't load your pickups.", banner: true)),
                                                settings: OracleSettings()).isEmpty, "a failed reload's error may stay")
    }

    @Test func aKeptListNotLoadedAgainOnceBackOnlineIsReported() {
        let back: [(Int64, ModelEvent)] = [(3_000, .connectivity(online: true)), (3_000, main())]
        let found = ReconnectReloadsTheList().check(offlineLaunch(main(banner: true), then: back), settings: OracleSettings())
        #expect(found.map(\.at) == [SimulationInstant(nanoseconds: 3_000_000_000)], "\(found.map(\.message))")
        let reloaded = back + [(3_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .bookings))]
        #expect(ReconnectReloadsTheList().check(offlineLaunch(main(banner: true), then: reloaded), settings: OracleSettings()).isEmpty)
    }

    @Test func aLoadStillOutOrAListAnsweredInThisLaunchNeedsNoOther() {
        let outstanding: [(Int64, ModelEvent)] = [(1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .bookings)),
                                                  (3_000, .connectivity(online: true)), (3_000, main())]
        #expect(ReconnectReloadsTheList().check(offlineLaunch(main(banner: true), then: outstanding), settings: OracleSettings()).isEmpty)
        let answered = trace([(0, .launched(process: 1, cold: true)), (0, main(owner: nil)),
                              (0, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .bookings)),
                              (500, .responseReceived(id: 1, endpoint: .bookings, outcome: "ok")), (500, main()),
                              (1_000, .connectivity(online: false)), (1_000, main(banner: true)),
                              (3_000, .connectivity(online: true)), (3_000, main()), (20_000, .note("end"))])
        #expect(ReconnectReloadsTheList().check(answered, settings: OracleSettings()).isEmpty)
        let userMoved: [(Int64, ModelEvent)] = [(3_000, .connectivity(online: true)), (3_000, main()),
                                                (4_000, .userAction(.signOut, detail: ""))]
        #expect(ReconnectReloadsTheList().check(offlineLaunch(main(banner: true), then: userMoved), settings: OracleSettings()).isEmpty)
    }
}
