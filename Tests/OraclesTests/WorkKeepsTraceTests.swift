import Testing
import SimKernel
import AppVocabulary
import PickupModel
import Oracles
import ToolAppsForTests

/// `workKeepsWhatWasShown`, on traces written by hand: a spinner beside the list, not instead of it.
@Suite struct WorkKeepsTraceTests {
    init() { ToolApps.register() }

    func trace(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: PickupRoles.roles)
    }

    /// p1 sees their list on main; at 1 s `tap` (if any), and main shows the bookings spinner,
    /// with the list if `kept`; at 1.5 s the list again.
    func reload(kept: Bool, tap: UserAction? = nil, route: Route = .mainTab) -> RunObservation {
        var list = ScreenState(route: .mainTab)
        list.actions = [.retry, .signOut]
        list.contentOwner = "p1"
        var loading = list
        loading.spinner = "bookings"
        loading.route = route
        if !kept { loading.contentOwner = nil }
        let taps: [(Int64, ModelEvent)] = tap.map { [(1_000, .userAction($0, detail: ""))] } ?? []
        return trace([(0, .launched(process: 1, cold: true)), (0, .signedIn(user: "p1")), (0, .screen(list))] + taps
                     + [(1_000, .requestSent(id: 1, timeoutMs: 10_000, endpoint: .bookings)), (1_000, .screen(loading)),
                        (1_500, .responseReceived(id: 1, endpoint: .bookings, outcome: "ok")), (1_500, .screen(list)),
                        (9_000, .note("end"))])
    }

    @Test func aReloadThatPutsItsSpinnerInsteadOfTheListIsReported() {
        let found = WorkKeepsWhatWasShown().check(reload(kept: false), settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("put the spinner bookings up instead of the list of p1") }, "\(found)")
        #expect(WorkKeepsWhatWasShown().check(reload(kept: false, tap: .retry), settings: OracleSettings()).count == 1,
                "Retry asks to load again, not for the list to go")
    }

    @Test func aSpinnerBesideTheListOrAChangeTheUserAskedForIsQuiet() {
        #expect(WorkKeepsWhatWasShown().check(reload(kept: true), settings: OracleSettings()).isEmpty)
        #expect(WorkKeepsWhatWasShown().check(reload(kept: false, tap: .confirmSignOut), settings: OracleSettings()).isEmpty)
        #expect(WorkKeepsWhatWasShown().check(reload(kept: false, route: .signIn), settings: OracleSettings()).isEmpty,
                "another screen is not this one emptied")
    }

    @Test func aChoiceTakenOffBehindASpinnerIsReported() {
        let interests = Route.named(RouteName("interests", kind: .onboarding))
        var offered = ScreenState(route: interests)
        offered.choices = ["Hiking", "Cooking"]
        var saving = offered
        saving.spinner = "save"
        saving.choices = []
        let found = WorkKeepsWhatWasShown().check(trace([(0, .launched(process: 1, cold: true)), (0, .screen(offered)),
                                                         (1_000, .screen(saving)), (9_000, .note("end"))]),
                                                  settings: OracleSettings())
        #expect(found.map(\.message).contains { $0.contains("instead of the choice \"Hiking\"") }, "\(found)")
    }
}
