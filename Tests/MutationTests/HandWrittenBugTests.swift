import Testing
@testable import Mutation

/// Bugs written by hand (`onboarding-mutate --bugs FILE`): read from their file with errors that
/// say where, and each applied as a mutant of the one place its text names.
@Suite struct HandWrittenBugTests {
    static let source = SourceFile(path: "Sources/App/Store.swift",
                                   text: "func resend() {\n    errorMessage = \"Failed. Please try again.\"\n    publish()\n}\n")

    static func file(_ bugs: String) -> String { "{\"bugs\": [\(bugs)]}" }

    @Test func aBugIsAMutantOfTheOnePlaceItsTextNamesAndCarriesItsName() throws {
        let bugs = try HandWrittenBug.parse(Self.file("""
            {"name": "resend-waits", "file": "Sources/App/Store.swift", "find": "    publish()\\n",
             "replace": "    startTimer()\\n    publish()\\n", "why": "002 §9"}
            """), path: "bugs.json")
        #expect(bugs == [HandWrittenBug(name: "resend-waits", file: "Sources/App/Store.swift", find: "    publish()\n",
                                        replace: "    startTimer()\n    publish()\n", why: "002 §9")])
        let mutant = try bugs[0].mutant(of: Self.source, path: "bugs.json")
        #expect(mutant.id == "Sources/App/Store.swift:resend-waits")
        #expect(mutant.mutationOperator == .handWritten)
        #expect(mutant.line == 3)
        #expect(mutant.applied(to: Self.source.text).contains("    startTimer()\n    publish()\n}"))
        #expect(mutant.diff.contains("+     startTimer()"))
    }

    @Test(arguments: [
        ("{\"bugs\": 3}", "$: expected an object with a \"bugs\" array"),
        (HandWrittenBugTests.file("{\"name\": \"a\", \"file\": \"f.swift\", \"find\": \"x\"}"), "$.bugs[0]: missing \"replace\""),
        (HandWrittenBugTests.file("{\"name\": \"a b\", \"file\": \"f.swift\", \"find\": \"x\", \"replace\": \"y\"}"), "$.bugs[0].name: expected letters"),
        (HandWrittenBugTests.file("{\"name\": \"a\", \"file\": \"f.swift\", \"find\": \"x\", \"replace\": \"y\", \"fix\": \"z\"}"), "$.bugs[0].fix: unknown key"),
        (HandWrittenBugTests.file("{\"name\": \"a\", \"file\": \"f.swift\", \"find\": \"x\", \"replace\": \"x\"}"), "$.bugs[0].replace: the same as find"),
        (HandWrittenBugTests.file("{\"name\": \"a\", \"file\": \"f.swift\", \"find\": \"x\", \"replace\": \"y\"}, {\"name\": \"a\", \"file\": \"f.swift\", \"find\": \"z\", \"replace\": \"y\"}"),
         "$.bugs[1].name: \"a\" names an earlier bug too"),
        (HandWrittenBugTests.file("{\"name\": \"a\", \"file\": \"f.swift\", \"find\": \"x\", \"replace\": \"y\"}, {\"name\": \"b\", \"file\": \"f.swift\", \"find\": \"x\", \"replace\": \"y\"}"),
         "$.bugs[1]: the same edit as \"a\""),
        ("{\"bugs\": [", "line 1"),
    ])
    func aBadBugsFileSaysWhereAndWhat(_ text: String, _ expected: String) {
        #expect(throws: MutationReportError.self) { try HandWrittenBug.parse(text, path: "bugs.json") }
        do {
            _ = try HandWrittenBug.parse(text, path: "bugs.json")
        } catch {
            #expect("\(error)".hasPrefix("bugs.json"), "\(error)")
            #expect("\(error)".contains(expected), "\(error)")
        }
    }

    @Test func aTextThatIsNotThereOrIsThereTwiceIsAnErrorNotAGuess() throws {
        let missing = HandWrittenBug(name: "a", file: "Sources/App/Store.swift", find: "publish(now)", replace: "x")
        #expect(throws: MutationReportError.self) { try missing.mutant(of: Self.source, path: "bugs.json") }
        let twice = HandWrittenBug(name: "b", file: "Sources/App/Store.swift", find: "    ", replace: "  ")
        do {
            _ = try twice.mutant(of: Self.source, path: "bugs.json")
            Issue.record("a text found twice was applied")
        } catch {
            #expect("\(error)".contains("more than once"), "\(error)")
        }
    }
}
