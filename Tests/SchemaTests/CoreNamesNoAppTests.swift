import Foundation
import Testing
import FixPlanSim
import ToolAppsForTests

/// The core names no app (issue #46): `AppVocabulary`, `Oracles`, `Scenarios`, `Exploration`,
/// `Reports`, `SimCommandLine` and `AppHarness` mention no bundled app, action, endpoint,
/// request, screen or type of its own (the fix plan's phases and journeys) by name, and import no
/// app's module; what an oracle needs to know comes from the
/// roles an app declares. The bundled apps' names live in their own modules
/// (`FixPlanVocabulary`, `PickupVocabulary`), like any team's.
@Suite struct CoreNamesNoAppTests {
    init() { ToolApps.register() }
    static let coreModules = ["AppVocabulary", "Oracles", "Scenarios", "Exploration", "Reports", "SimCommandLine", "AppHarness"]
    static let appModules = ["OnboardingModel", "PickupModel", "FixPlanSim", "PickupSim"]

    /// A bundled app's id, action, endpoint or request as Swift names it (`.typeEmail`,
    /// `.sendOTP`, `.fixPlan`) or as scenarios spell it (`"send-otp"`, `"pickup"`). Not `.startOver`,
    /// `.confirmSignOut`, `.back` or `.retry`: they are `ActionRole`s too, which the core reads by design.
    static let bundledName = try! NSRegularExpression(pattern:
        #"\.(fixPlan|pickup|sendOTP|verifyOTP|appleSignIn|bookings|generateGoals|refreshSession|selectGoal|approveProgram|activateProgram|registerPush|pushProgress|typeEmail|typeCode|sendCode|verify|resendCode|useDifferentEmail|confirmGoal|signInWithApple|cancelAppleSheet|cancelSignOut|logIn|getStarted|nextPage|openTerms|enableNotifications|notNow)(?![A-Za-z0-9_])|"(fix-plan|pickup|send-otp|verify-otp|apple-sign-in|bookings|push-progress|register-push)""#)

    /// A bundled app's own types and screens: the fix plan's phases and journeys, the pickup
    /// app's pages and sign-in wall (`Route.onboarding(.intro)`, `.page(1)`, `.signIn`).
    static let bundledType = try! NSRegularExpression(pattern:
        #"\b(OnboardingPhase|ProgramStatus|Journey)\b|(?<![A-Za-z0-9_])\.(onboarding|page)\(|Route\.(onboarding|page)\(|\.signIn(?![A-Za-z0-9_])"#)

    static func mentions(in text: String) -> Int {
        let range = NSRange(text.startIndex..., in: text)
        return bundledName.numberOfMatches(in: text, range: range) + bundledType.numberOfMatches(in: text, range: range)
    }

    @Test func noCoreFileNamesABundledAppOrImportsOne() throws {
        let sources = Paths.packageRoot.appendingPathComponent("Sources")
        var files = 0
        for module in Self.coreModules {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" {
                let relative = module + file.path.dropFirst(folder.path.count)
                let text = try String(contentsOf: file, encoding: .utf8)
                files += 1
                let found = Self.mentions(in: text)
                #expect(found == 0, "\(relative) names a bundled app, action, endpoint or request \(found) times: read it from the roles the app declares (docs/your-app.md)")
                for app in Self.appModules {
                    #expect(!text.contains("import \(app)\n"), "\(relative) imports \(app)")
                }
            }
        }
        #expect(files > 100, "the core's sources were found")
    }

    @Test func theRatchetSeesANameWrittenEitherWay() {
        #expect(Self.mentions(in: "case .userAction(.typeEmail, _): if endpoint == .sendOTP {}") == 2)
        #expect(Self.mentions(in: #"let app = "pickup"; .typeEmailField"#) == 1)
        #expect(Self.mentions(in: "case .onboarding(let phase): Journey.fresh; route == .signIn; JourneyMetrics; .signInWithApple; Route.page(1); TimingPage.page(of: x)") == 5)
    }
}
