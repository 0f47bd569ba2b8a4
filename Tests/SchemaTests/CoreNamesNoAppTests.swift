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
        let files = try Self.eachFile(of: Self.coreModules) { relative, text in
            let found = Self.mentions(in: text)
            #expect(found == 0, "\(relative) names a bundled app, action, endpoint or request \(found) times: read it from the roles the app declares (docs/your-app.md)")
            for app in Self.appModules {
                #expect(!text.contains("import \(app)\n"), "\(relative) imports \(app)")
            }
        }
        #expect(files > 100, "the core's sources were found")
    }

    /// A route made from a name in code (`Route("main", kind: .main)`, `RouteName("launch", …)`) or
    /// a route of the vocabulary's own (`static let main: Route`): the way a rule would compare
    /// with one app's screen instead of a kind (issue #63: `route == .main` skipped a team's `home`).
    static let specificRoute = try! NSRegularExpression(pattern:
        #"\b(Route|RouteName)\(\s*""#)
    static let routeOfItsOwn = try! NSRegularExpression(pattern: #"static (let|var) \w+\s*(:\s*Route\b|=\s*Route\()"#)

    /// The lines of `text` that are code (a `//` comment's text left out).
    static func code(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }.joined(separator: "\n")
    }

    static func specificRoutes(in text: String) -> Int {
        let code = Self.code(text)
        let range = NSRange(code.startIndex..., in: code)
        return specificRoute.numberOfMatches(in: code, range: range) + routeOfItsOwn.numberOfMatches(in: code, range: range)
    }

    /// Each Swift file of `modules` under `Sources/`, by its path from the module's name, with its text.
    static func eachFile(of modules: [String], _ body: (String, String) throws -> Void) throws -> Int {
        let sources = Paths.packageRoot.appendingPathComponent("Sources")
        var files = 0
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "swift" {
                files += 1
                try body(module + file.path.dropFirst(folder.path.count), try String(contentsOf: file, encoding: .utf8))
            }
        }
        return files
    }

    @Test func noCoreFileNamesARouteOfItsOwnOrComparesWithOne() throws {
        let files = try Self.eachFile(of: Self.coreModules + ["Mutation", "SimKernel"]) { relative, text in
            let found = Self.specificRoutes(in: text)
            #expect(found == 0, "\(relative) makes or declares a particular route \(found) times: compare a route's kind (or the roles the app declares), never one app's screen")
        }
        #expect(files > 100, "the core's sources were found")
    }

    @Test func theRouteRatchetSeesARouteMadeOrDeclared() {
        #expect(Self.specificRoutes(in: #"if route == Route("main", kind: .main) {}; let r = RouteName( "launch", kind: .launch)"#) == 2)
        #expect(Self.specificRoutes(in: "extension Route { public static let main = Route(name) }\nstatic var launch: Route { x }") == 2)
        #expect(Self.specificRoutes(in: #"/// `Route("home", kind: .main)` in a comment; route.kind == .main"#) == 0)
    }

    @Test func theRatchetSeesANameWrittenEitherWay() {
        #expect(Self.mentions(in: "case .userAction(.typeEmail, _): if endpoint == .sendOTP {}") == 2)
        #expect(Self.mentions(in: #"let app = "pickup"; .typeEmailField"#) == 1)
        #expect(Self.mentions(in: "case .onboarding(let phase): Journey.fresh; route == .signIn; JourneyMetrics; .signInWithApple; Route.page(1); TimingPage.page(of: x)") == 5)
    }

    // MARK: the core's words (#66)

    /// A bundled app's words: what its screens and backend are about (goals, programs, activation,
    /// pickups, bookings) and its sign-in (Apple).
    static let bundledWord = try! NSRegularExpression(pattern: "goal|program|activation|pickup|booking|apple", options: .caseInsensitive)

    /// The platform's own names for Sign in with Apple (AuthenticationServices'
    /// `ASAuthorizationAppleIDCredential`, its Apple ID and identity token, its errors), which any
    /// iOS app's code uses and the harness mirrors so a team finds them. The sheet itself, its
    /// outcomes, faults and swarm knob are the format's own words (`CredentialSheetOutcome`,
    /// `credentialSheet`). Each name is listed, so that a new one is a decision, not a slip.
    static let platformNames: Set<String> = [
        "AppleSignInError", "apple", "appleID", "appleIDCredential", "appleIDExchange", "appleToken",
        "signInWithApple", "signsInWithApple",
    ]

    /// The code of `text`: comments and string literals left out (quotes of the seeds and messages
    /// may say what a bundled app does; names may not).
    static func namesOnly(_ text: String) -> String {
        let blocks = try! NSRegularExpression(pattern: #"\"\"\"[\s\S]*?\"\"\""#)
        let withoutBlocks = blocks.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "\"\"")
        let literal = try! NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
        return Self.code(withoutBlocks.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            literal.stringByReplacingMatches(in: String(line), range: NSRange(line.startIndex..., in: line), withTemplate: "\"\"")
        }.joined(separator: "\n"))
    }

    /// The names in `text`'s code that use a bundled app's words, less the platform's.
    static func bundledWords(in text: String) -> [String] {
        let code = namesOnly(text)
        let identifier = try! NSRegularExpression(pattern: "[A-Za-z_][A-Za-z0-9_]*")
        return identifier.matches(in: code, range: NSRange(code.startIndex..., in: code)).compactMap { match in
            let name = String(code[Range(match.range, in: code)!])
            guard !platformNames.contains(name),
                  bundledWord.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil else { return nil }
            return name
        }
    }

    @Test func noCoreNameUsesABundledAppsWords() throws {
        let files = try Self.eachFile(of: Self.coreModules + ["Mutation", "SimKernel"]) { relative, text in
            let found = Self.bundledWords(in: text)
            #expect(found.isEmpty, "\(relative) names keys, features, rules or types with a bundled app's words: \(found); name them after what any app has (docs/your-app.md), and keep the app's words in its own module")
        }
        #expect(files > 100, "the core's sources were found")
    }

    @Test func theWordsRatchetSeesANameButNotACommentOrAMessage() {
        #expect(Self.bundledWords(in: "case slowGoals(Duration); let pickupStep = 1") == ["slowGoals", "pickupStep"])
        #expect(Self.bundledWords(in: #"let x = "the program of \(email)" // goal generation"#).isEmpty)
        #expect(Self.bundledWords(in: "/// seed 002: the goals screen\nlet appleID = 1\nlet text = \"\"\"\nprogram\n\"\"\"").isEmpty)
    }
}
