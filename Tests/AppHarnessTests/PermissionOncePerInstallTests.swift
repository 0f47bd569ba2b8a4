import Foundation
import Observation
import Testing
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

/// The phone asks each permission once per install, as iOS does: a second `requestPermission`
/// after the user answered (in this launch or a later one) returns the answer with no prompt on
/// screen, and a reinstall asks again.
@Suite struct PermissionOncePerInstallTests {
    init() throws { try AppRegistry.register(BellApp()) }

    static func run(_ steps: String, mutants: String = "[]") throws -> ScenarioResult {
        let text = """
            {"format": 1, "app": "bell", "name": "notifications asked twice", "mutants": \(mutants), "steps": \(steps)}
            """
        return ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "bell.json").get())
    }

    static func lines(_ result: ScenarioResult, containing text: String) -> Int {
        result.simulation.trace.canonicalText.split(separator: "\n").filter { $0.contains(text) }.count
    }

    @Test func aPermissionAnsweredBeforeAKillIsNotAskedAgainAfterTheRelaunch() throws {
        let result = try Self.run("""
            [{"launch": true}, {"action": "allow"}, {"wait": "2s"}, {"kill": true}, {"launch": true}, {"wait": "1s"}, {"action": "allow"},
             {"wait": "2s"}, {"expect": {"finalRoute": "home"}}]
            """, mutants: #"["bell-asks-again"]"#)
        // The bell's bug shows its card again: the shared rule says so; the phone asked once.
        #expect(result.violations.map(\.oracle) == ["permissionAskedOncePerInstall"], "\(result.violations.map(\.message))")
        #expect(Self.lines(result, containing: "permission granted") == 1, "the user answered once")
        #expect(Self.lines(result, containing: "not shown: answered on this install (allowed)") == 1, "the second ask returns the answer")
        #expect(Self.lines(result, containing: "notifications permission") == 1, "one prompt on screen")
    }

    @Test func aReinstallAsksAgain() throws {
        let result = try Self.run("""
            [{"launch": true}, {"action": "allow"}, {"wait": "2s"}, {"reinstall": true}, {"launch": true}, {"action": "allow"}, {"wait": "2s"}]
            """)
        #expect(Self.lines(result, containing: "permission granted") == 2, "\(result.simulation.trace.canonicalText)")
        #expect(Self.lines(result, containing: "not shown") == 0)
    }

    @Test func theStatusIsUnknownUntilTheUserAnswers() throws {
        // The bell shows its card only while the status is unknown: after the answer, a relaunch skips it.
        let result = try Self.run("""
            [{"launch": true}, {"expect": {"actionsInclude": ["allow"]}}, {"action": "allow"}, {"wait": "2s"}, {"kill": true},
             {"launch": true}, {"wait": "1s"}, {"expect": {"actionsExclude": ["allow"]}}]
            """)
        #expect(result.passed, "\(result.violations.map(\.message))")
    }
}

/// A bell that asks for notifications from its card (`allow`), and shows the card only while the
/// phone has no answer (`permissionStatus`). Its bug (`bell-asks-again`) shows the card at every
/// launch: its button then returns the answer at once, with no prompt.
@MainActor @Observable final class BellModel {
    private(set) var asked: Bool
    private(set) var allowed = false
    @ObservationIgnored let environment: AppEnvironment

    init(_ environment: AppEnvironment, asksAgain: Bool) {
        self.environment = environment
        asked = asksAgain ? false : environment.permissionStatus("notifications") != nil
    }

    func allow() async {
        allowed = await environment.requestPermission("notifications")
        asked = true
    }
}

struct BellApp: AppPlugin {
    static let app = AppID("bell")
    static let allow = UserAction("allow")
    static let names = RouteNames<Bool>([(false, RouteName("card", kind: .onboarding)), (true, RouteName("home", kind: .main))])
    let id = BellApp.app
    let summary = "a bell that asks for notifications once"
    var routes: [RouteName] { Self.names.all }
    let actions = [BellApp.allow]
    let endpoints: [Endpoint] = []
    static let asksAgain = Mutant("bell-asks-again")
    let catalogue = [Mutant.Entry(BellApp.asksAgain, app: BellApp.app, summary: "the card shows at every launch", source: "#63's habit trial")]

    func makeWorld(_ start: AppStart) -> any AppWorld {
        let asksAgain = start.mutants.contains(Self.asksAgain)
        return AppHostWorld(app: id, simulation: start.simulation, backend: LatchServer(simulation: start.simulation), faults: start.faults,
                     routes: [], requestTimeout: start.requestTimeout, roles: start.roles,
                     hooks: .mainActor(launch: { BellModel($0, asksAgain: asksAgain) },
                                       screen: { model in
                                           var state = ScreenState(route: Self.names.route(of: model.asked))
                                           state.actions = model.asked ? [] : [Self.allow]
                                           return state
                                       },
                                       tap: { model, _, _ in await model.allow() }))
    }
}
