import Testing
import SimKernel
import AppVocabulary
import AppHarness
import Scenarios

/// Seed 004's Sign in with Apple for app code (#63): the harness shows the system sheet, which a
/// scenario (or the swarm) cancels or fails at an attempt, and `MockAuth` answers the exchange
/// it finds by role.
@Suite struct AppleSheetTests {
    init() throws { try AppRegistry.register(AppleDoorApp()) }

    func run(faults: String) throws -> ScenarioResult {
        let text = #"{"format": 1, "app": "apple-door", "name": "sheet", "faults": ["# + faults + "], "
            + #""steps": [{"launch": true}, {"action": "sign-in"}, {"wait": "5s"}, {"action": "sign-in", "mayBeRefused": true}, {"wait": "5s"}]}"#
        return ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "sheet.json").get())
    }

    @Test func anApprovedSheetGivesTheTokenMockAuthExchangesByItsRole() throws {
        let result = try run(faults: "")
        let trace = result.simulation.trace.canonicalText
        #expect(trace.contains("system-sheet=\"Sign in with Apple\""), "the sheet is on the screen record")
        #expect(trace.contains("apple-sign-in ok") || trace.contains("response id=1 apple-sign-in ok"), "\(trace)")
        #expect(result.simulation.trace.canonicalText.contains("signed-in user=u1"))
        #expect(result.passed, "\(result.violations.map(\.message))")
    }

    @Test func aCancelledSheetSaysNothingAndAFailedOneIsOnRecord() throws {
        let cancelled = try run(faults: #"{"kind": "appleSheetCancelled"}"#)
        let trace = cancelled.simulation.trace.canonicalText
        #expect(trace.contains("action close-system-sheet") && trace.contains("signed-in user=u1"), "the second attempt approves: \(trace)")
        #expect(cancelled.passed, "\(cancelled.violations.map(\.message))")
        let failed = try run(faults: #"{"kind": "appleSheetFails", "nth": 1}"#)
        #expect(failed.simulation.trace.canonicalText.contains("apple sheet failed"))
        #expect(failed.simulation.trace.canonicalText.contains("error=\"Sign in with Apple failed.\""))
        #expect(failed.passed, "\(failed.violations.map(\.message))")
    }

    /// The free user may close the sheet itself: the close button is offered while it is up.
    @Test func theSheetOffersItsCloseButtonAndTheUsersCloseCancelsIt() throws {
        let text = #"{"format": 1, "app": "apple-door", "name": "close", "steps": [{"launch": true}, {"action": "sign-in"}, "#
            + #"{"wait": "500ms"}, {"expect": {"actionsInclude": ["close-system-sheet"]}}, {"action": "close-system-sheet"}, {"wait": "3s"}],"#
            + #""expect": {"finalRoute": "outside", "requests": {"apple-sign-in": 0}}}"#
        let result = ScenarioRunner.run(try ScenarioDecoder.decode(text, file: "close.json").get())
        #expect(result.passed, "\(result.violations.map(\.message))")
        #expect(AppleDoorApp().roles.role(of: .closeSystemSheet) == .cancel, "declared with the sheet's credential")
    }

    @Test func aSheetFaultIsRefusedForAnAppWithNoAppleSignIn() {
        let text = #"{"format": 1, "app": "latch", "name": "sheet", "faults": [{"kind": "appleSheetFails"}], "steps": [{"launch": true}]}"#
        _ = try? AppRegistry.register(LatchApp())
        guard case .failure(let problems) = ScenarioDecoder.decode(text, file: "sheet.json") else {
            Issue.record("accepted a sheet fault for an app that shows no sheet")
            return
        }
        #expect(problems.errors.contains { $0.location == "$.faults[0].kind" }, "\(problems.errors)")
    }
}
