import Testing
@testable import Mutation

/// Mutant schemata: many mutants of a file in one text, each behind its run-time switch, the
/// original code when no switch is on; mutants outside a function-like body left to a build of
/// their own.
@Suite struct MutantSchemaTests {
    static let source = SourceFile(path: "Sources/App/Store.swift", text: """
        import Foundation

        final class Store {
            var count = 0
            let handler: () -> Void = { print("a") }
            var label: String { "n=\\(count)" }
            var total: Int {
                get { count + 1 }
                set { count = newValue - 1 }
            }
            var watched = 1 {
                didSet { count += 1 }
            }

            init() {
                count = 2
            }

            func bump() {
                defer { count += 1 }
                if count > 3 { count = 0 }
            }

            struct Inner {
                func twice(_ x: Int) -> Int { x * 2 }
            }
        }

        func helper() -> Int { 7 }

        """)

    static func bug(_ find: String, _ replace: String, name: String = "b") throws -> Mutant {
        try HandWrittenBug(name: name, file: source.path, find: find, replace: replace).mutant(of: source, path: "bugs.json")
    }

    @Test func theBodiesFoundAreFunctionsInitialisersGettersAndAccessorsButNoInitialValue() {
        let bodies = MutantSchema.switchableBodies(in: Self.source).map { body in
            Self.source.tokens[(body.open + 1)..<body.close].map(\.text).joined(separator: " ")
        }
        #expect(bodies == [
            "\"n=\\(count)\"",
            "count + 1",
            "count = newValue - 1",
            "count += 1",
            "count = 2",
            "defer { count += 1 } if count > 3 { count = 0 }",
            "x * 2",
            "7",
        ])
    }

    @Test func eachMutantIsABranchOfItsBodyAndTheOriginalIsTheLast() throws {
        let first = try Self.bug("if count > 3", "if count >= 3", name: "first")
        let second = try Self.bug("{ count = 0 }", "{ count = 1 }", name: "second")
        let schema = MutantSchema(file: Self.source, mutants: [(7, first), (9, second)])
        #expect(schema.switched == [7, 9])
        #expect(schema.fallback.isEmpty)
        #expect(schema.text.contains("""
            func bump() { if __onboardingMutant == 7 {
                    defer { count += 1 }
                    if count >= 3 { count = 0 }
                } else if __onboardingMutant == 9 {
                    defer { count += 1 }
                    if count > 3 { count = 1 }
                } else {
                    defer { count += 1 }
                    if count > 3 { count = 0 }
                } }
            """))
        #expect(schema.text.hasSuffix("private let __onboardingMutant: Int = Int(ProcessInfo.processInfo.environment[\"ONBOARDING_MUTANT\"] ?? \"\") ?? 0\n"))
    }

    @Test func aOneExpressionBodyStaysOneExpressionInEachBranch() throws {
        let schema = MutantSchema(file: Self.source, mutants: [(1, try Self.bug("x * 2", "x * 3"))])
        #expect(schema.text.contains("func twice(_ x: Int) -> Int { if __onboardingMutant == 1 { x * 3 } else { x * 2 } }"))
    }

    @Test func aMutantOutsideEveryBodyIsLeftToABuildOfItsOwn() throws {
        let initialValue = try Self.bug("var count = 0", "var count = 1", name: "value")
        let closure = try Self.bug("print(\"a\")", "print(\"b\")", name: "closure")
        let signature = try Self.bug("func bump()", "func bump(_ x: Int = 0)", name: "signature")
        let schema = MutantSchema(file: Self.source, mutants: [(1, initialValue), (2, closure), (3, signature)])
        #expect(schema.switched.isEmpty)
        #expect(schema.fallback == [1, 2, 3])
        #expect(schema.text == Self.source.text)
    }

    @Test func aCompilerErrorIsBlamedOnTheBranchItFallsIn() throws {
        let first = try Self.bug("if count > 3", "if count >= 3", name: "first")
        let second = try Self.bug("{ count = 0 }", "{ count = 1 }", name: "second")
        let getter = try Self.bug("count + 1", "count + 2", name: "getter")
        let schema = MutantSchema(file: Self.source, mutants: [(1, first), (2, second), (3, getter)])
        let lines = schema.text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = { (text: String) in lines.firstIndex { $0.contains(text) }! + 1 }
        #expect(schema.mutants(blamedForErrorAt: line("if count >= 3")) == [1])
        #expect(schema.mutants(blamedForErrorAt: line("count = 1 }")) == [2])
        #expect(schema.mutants(blamedForErrorAt: line("func bump()")) == [1, 2])
        #expect(schema.mutants(blamedForErrorAt: line("else if __onboardingMutant == 2")) == [1, 2])
        #expect(schema.mutants(blamedForErrorAt: line("get { if")) == [3])
        #expect(schema.mutants(blamedForErrorAt: line("private let __onboardingMutant")) == [3, 1, 2])
        let output = "/tmp/copy/Sources/App/Store.swift:\(line("if count >= 3")):9: error: cannot convert value\n"
            + "/tmp/copy/Sources/App/Store.swift:3:1: warning: unused\n"
        #expect(MutantSchema.errors(in: output).map(\.line) == [line("if count >= 3")])
    }
}
