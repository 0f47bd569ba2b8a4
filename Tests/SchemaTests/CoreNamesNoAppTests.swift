import Foundation
import Testing
import FixPlanSim
import ToolAppsForTests

/// The core names no app (issue #46): `AppVocabulary`, `Oracles`, `Scenarios`, `Exploration`,
/// `Reports`, `SimCommandLine` and `AppHarness` are to mention no bundled app, action, endpoint
/// or request by name; what an oracle needs to know comes from the roles an app declares. Until
/// the bundled apps are leaf modules of their own, the files below still do, each at most as many
/// times as listed: a file may lose names and must then be taken off or lowered here, never gain
/// one, and a core file not listed names none.
@Suite struct CoreNamesNoAppTests {
    init() { ToolApps.register() }
    static let coreModules = ["AppVocabulary", "Oracles", "Scenarios", "Exploration", "Reports", "SimCommandLine", "AppHarness"]

    /// A bundled app's id, action, endpoint or request as Swift names it (`.typeEmail`,
    /// `.sendOTP`, `.fixPlan`) or as scenarios spell it (`"send-otp"`, `"pickup"`). Not `.startOver`
    /// or `.confirmSignOut`: they are `ActionRole`s too, which the core reads by design.
    static let bundledName = try! NSRegularExpression(pattern:
        #"\.(fixPlan|pickup|sendOTP|verifyOTP|appleSignIn|bookings|generateGoals|refreshSession|selectGoal|approveProgram|activateProgram|registerPush|pushProgress|typeEmail|typeCode|sendCode|verify|resendCode|useDifferentEmail|confirmGoal|signInWithApple|cancelAppleSheet|cancelSignOut|logIn|getStarted|nextPage|openTerms|enableNotifications|notNow)(?![A-Za-z0-9_])|"(fix-plan|pickup|send-otp|verify-otp|apple-sign-in|bookings|push-progress|register-push)""#)

    /// What is left to move (2026-11-28), file by file: the bundled vocabulary and catalogue,
    /// the bundled plug-ins, and the oracles and tables not yet read through roles.
    static let leftToMove: [String: Int] = [
        "AppVocabulary/AppID.swift": 18,
        "AppVocabulary/Backend/Endpoint.swift": 60,
        "AppVocabulary/User/UserAction.swift": 17,
        "Oracles/PromptFollowsItsTap.swift": 4,
        "Scenarios/ExpectDecoding.swift": 1,
        "Scenarios/Scenario.swift": 1,
        "Scenarios/ScenarioKeys.swift": 3,
        "Scenarios/Swarm.swift": 2,
    ]

    static func mentions(in text: String) -> Int {
        bundledName.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    @Test func aCoreFileNamesABundledAppOnlyWhereThatIsLeftToMoveAndNoMoreOften() throws {
        let sources = Paths.packageRoot.appendingPathComponent("Sources")
        var total = 0
        for module in Self.coreModules {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" {
                let relative = module + file.path.dropFirst(folder.path.count)
                let found = Self.mentions(in: try String(contentsOf: file, encoding: .utf8))
                total += found
                let allowed = Self.leftToMove[relative] ?? 0
                #expect(found <= allowed, "\(relative) names a bundled app, action, endpoint or request \(found) times (at most \(allowed)): read it from the roles the app declares (docs/your-app.md)")
            }
        }
        #expect(total > 0 || Self.leftToMove.isEmpty, "nothing is left to move: empty leftToMove")
    }

    @Test func theRatchetSeesANameWrittenEitherWay() {
        #expect(Self.mentions(in: "case .userAction(.typeEmail, _): if endpoint == .sendOTP {}") == 2)
        #expect(Self.mentions(in: #"let app = "pickup"; .typeEmailField"#) == 1)
    }
}
