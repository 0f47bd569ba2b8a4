import Foundation
import Testing
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios
import Exploration

/// The pieces that keep a team's glue short (#47): a session the app reports is recorded by the
/// host, routes come from one table, actions and endpoints from the roles, MockAuth's endpoints
/// from the roles' purposes, a backend answers JSON in an HTTP handler's shape.
@Suite struct GlueAdapterTests {
    init() throws { try AppRegistry.register(LatchApp()) }

    static let signInKillSignOut = """
        {"format": 1, "app": "latch", "name": "Sign in, a kill, Sign out",
         "steps": [{"launch": true}, {"action": "type-email", "input": "u1@example.com"}, {"wait": "100ms"}, {"action": "sign-in"}, {"wait": "2s"}, {"expect": {"finalRoute": "inside"}},
                   {"kill": true}, {"launch": true}, {"wait": "1s"}, {"action": "sign-out"}, {"wait": "1s"}],
         "expect": {"finalRoute": "outside", "requests": {"session": 1}}}
        """

    @Test func theHostRecordsEachSessionChangeTheAppReportsButNotOneRestoredAtLaunch() throws {
        let result = ScenarioRunner.run(try ScenarioDecoder.decode(Self.signInKillSignOut, file: "latch.json").get())
        #expect(result.passed, "\(result.violations.map(\.message))")
        let lines = result.simulation.trace.canonicalText.split(separator: "\n")
        #expect(lines.filter { $0.contains("signed-in user=u1@example.com") }.count == 1, "one sign-in: the relaunch restores it")
        #expect(lines.filter { $0.contains("signed-out") }.count == 1)
        let signIn = try #require(lines.firstIndex { $0.contains("signed-in user=u1@example.com") })
        let kill = try #require(lines.firstIndex { $0.contains("killed") })
        #expect(signIn < kill, "recorded as the screen that shows it is drawn")
    }

    @Test func routesActionsAndEndpointsComeFromTheTableAndTheRoles() {
        let app = LatchApp()
        #expect(app.routes.map(\.name) == ["outside", "inside"])
        #expect(app.routes.map(\.kind) == [.auth, .main])
        #expect(app.actions == [LatchApp.typeEmail, LatchApp.signIn, LatchApp.signOut])
        #expect(app.endpoints == [LatchApp.session])
        #expect(LatchApp.routeNames.route(of: .inside) == .named(RouteName("inside", kind: .main)))
    }

    @Test func mockAuthFindsItsEndpointsByTheirPurposes() {
        let roles = AppRoles(requests: [(Endpoint("otp"), RequestRole(purpose: .sendsCode)),
                                        (Endpoint("apple"), RequestRole(purpose: .signsIn)),
                                        (Endpoint("verify"), RequestRole(purpose: .signsIn, carries: [CarriedInput(.code, key: "token")])),
                                        (Endpoint("token"), RequestRole(cause: .background, purpose: .refreshesSession))])
        let endpoints = MockAuth.Endpoints(roles: roles)
        #expect(endpoints.sendsCode == Endpoint("otp"))
        #expect(endpoints.verifiesCode == Endpoint("verify"), "the sign-in that carries the code, not the first sign-in")
        #expect(endpoints.refreshesSession == Endpoint("token"))
        #expect(MockAuth.Endpoints(roles: .none).sendsCode == MockAuth.Endpoints().sendsCode, "the defaults where none is declared")
    }

    @Test func jsonRepliesHaveSortedKeysAndRequestsReadTheirBody() {
        let reply = AppReply.json(201, ["b": 1, "a": "x"])
        #expect(reply.status == 201)
        #expect(String(decoding: reply.body, as: UTF8.self) == #"{"a":"x","b":1}"#)
        #expect(AppRequest(endpoint: Endpoint("e"), body: Array(#"{"goal":"Run"}"#.utf8)).json["goal"] as? String == "Run")
        #expect(AppRequest(endpoint: Endpoint("e"), body: Array("not json".utf8)).json.isEmpty)
    }

    @Test func theFreeUserSignsOutThroughTheRoleAndSometimesClosesTheAppAfter() {
        let persona = ExplorationTarget.appPersona(LatchApp.app, LatchApp().personas[0])
        let runs = (0..<200 as Range<UInt64>).map { seed in
            Explorer.explore(ExplorationPlan(targets: [persona], seedCount: 200), seed: seed).result
        }
        let signedOut = runs.filter { $0.simulation.trace.canonicalText.contains("action sign-out") }
        let leftAfter = signedOut.filter { run in
            let text = run.simulation.trace.canonicalText
            guard let tap = text.range(of: "action sign-out") else { return false }
            return text[tap.upperBound...].contains("killed process=1")
        }
        #expect(signedOut.count > 10, "the free user signs out on main: \(signedOut.count) of 200")
        #expect(!leftAfter.isEmpty && leftAfter.count < signedOut.count, "and closes the app after some of them: \(leftAfter.count)")
        // Half the time the other person signs in next, with their own address (003: "If user A
        // logs out and new user B logs in: User B sees onboarding").
        let other = FreeUser(email: "x").otherEmail
        let nextUser = signedOut.filter { $0.simulation.trace.canonicalText.contains("signed-in user=\(other)") }
        #expect(!nextUser.isEmpty && nextUser.count < signedOut.count, "and someone else signs in after some of them: \(nextUser.count)")
        #expect(runs.allSatisfy { !$0.violations.contains { $0.oracle == "signOutHolds" } })
        // And what it is for: a sign-out that leaves the session behind is found blind.
        let kept = Explorer.explore(ExplorationPlan(targets: [persona], seedCount: 200, mutants: [LatchApp.keepsTheSession]))
        #expect(kept.failures.contains { $0.result.violations.contains { $0.oracle == "signOutHolds" } })
    }
}
