import Testing
import FixPlanSim
import Exploration
import ToolAppsForTests

/// The runs that failed among ten million explored seeds of the fix plan's free user (#50 rule 7,
/// at `5002f2a`), each now clean for the reason its replay showed: two rules that missed a cause
/// the trace held, and a killed app whose left-over task went on as if it still ran.
@Suite struct TenMillionSeedFindingsTests {
    init() { ToolApps.register() }

    /// Each failing run, the rule it tripped and why it was wrong.
    static let findings: [(persona: Persona, seed: UInt64, tripped: String, because: String)] = [
        (.newUser, 4_835_650, "errorGoesOnlyWithACause",
         "Verify tapped offline redrew the screen with the error before its spinner took the error's place: the tap is the cause"),
        (.reinstallWithSession, 8_686_648, "spinnerEndsWithItsAnswer",
         "approve answered as the phone went offline, and the app held the spinner to wait for the connection before activating"),
        (.reinstallWithSession, 5_167_078, "noLostProgress",
         "a call cancelled by a kill went on to the next step in the dead process and recorded it as the user's progress"),
        (.newUser, 8_484_805, "pushRegistered",
         "the notification prompt's answer was recorded by a process killed in that very instant"),
    ]

    @Test(arguments: 0..<4) func aRunThatFailedAmongTenMillionSeedsIsCleanNow(_ position: Int) {
        let finding = Self.findings[position]
        let run = Explorer.explore(ExplorationPlan(targets: [.persona(finding.persona)], seedCount: 1), seed: finding.seed)
        #expect(run.result.violations.isEmpty,
                "\(finding.persona.rawValue) seed \(finding.seed) (\(finding.tripped): \(finding.because)): \(run.result.violations.map(\.message))")
    }
}
