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

    @Test func theRegionsFoundAreBodiesAccessorsAndStoredValuesButNoClosureValue() {
        let regions = MutantSchema.switchableRegions(in: Self.source).map { region in
            (region.isBody ? "body " : "value ") + Self.source.tokens.filter { region.bytes.contains($0.start) }.map(\.text).joined(separator: " ")
        }
        #expect(regions == [
            "value 0",
            "body \"n=\\(count)\"",
            "body count + 1",
            "body count = newValue - 1",
            "body count += 1",
            "body count = 2",
            "body defer { count += 1 } if count > 3 { count = 0 }",
            "body x * 2",
            "body 7",
        ])
    }

    @Test func aStoredValueIsSwitchedAsAnExpression() throws {
        let schema = MutantSchema(file: Self.source, mutants: [(1, try Self.bug("var count = 0", "var count = 1")),
                                                               (2, try Self.bug("var count = 0", "var count = 5", name: "other"))])
        #expect(schema.switched == [1, 2])
        #expect(schema.text.contains("var count = (__onboardingMutant == 1 ? (1) : __onboardingMutant == 2 ? (5) : (0))\n"))
    }

    @Test func aFindTextThatTakesInTheSignatureIsSwitchedWhereItChangesTheBody() throws {
        let schema = MutantSchema(file: Self.source, mutants: [(4, try Self.bug("func bump() {\n        defer", "func bump() {\n        count = 9\n        defer"))])
        #expect(schema.switched == [4])
        #expect(schema.text.contains("func bump() { if __onboardingMutant == 4 {\n        count = 9\n        defer { count += 1 }"))
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

    @Test func aMutantThatChangesASignatureOrAClosureValueIsLeftToABuildOfItsOwn() throws {
        let closure = try Self.bug("print(\"a\")", "print(\"b\")", name: "closure")
        let signature = try Self.bug("func bump()", "func bump(_ x: Int = 0)", name: "signature")
        let schema = MutantSchema(file: Self.source, mutants: [(1, closure), (2, signature)])
        #expect(schema.switched.isEmpty)
        #expect(schema.fallback == [1, 2])
        #expect(schema.text == Self.source.text)
    }

    @Test func aDeclarationAddedGoesInForEveryMutantAndItsBodiesAreSwitched() throws {
        let added = try Self.bug("    init() {\n        count = 2", "    var extra = 0\n\n    init() {\n        count = 2 + extra", name: "added")
        let schema = MutantSchema(file: Self.source, mutants: [(3, added)])
        #expect(schema.switched == [3])
        #expect(schema.text.contains("""
                }

                var extra = 0

                init() { if __onboardingMutant == 3 {
                    count = 2 + extra
                } else {
                    count = 2
                } }
            """), "\(schema.text)")
        let lines = schema.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(schema.mutants(blamedForErrorAt: lines.firstIndex { $0.contains("var extra") }! + 1) == [3])
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
        #expect(schema.mutants(blamedForErrorAt: line("private let __onboardingMutant")) == [1, 2, 3])
        let output = "/tmp/copy/Sources/App/Store.swift:\(line("if count >= 3")):9: error: cannot convert value\n"
            + "/tmp/copy/Sources/App/Store.swift:3:1: warning: unused\n"
        #expect(MutantSchema.errors(in: output).map(\.line) == [line("if count >= 3")])
    }
}

extension MutantSchemaTests {
    @Test func aBugThatEndsAFunctionAndAddsAnotherHasTheNewFunctionPutInAndTheOldBodySwitched() throws {
        let split = try Self.bug("        if count > 3 { count = 0 }\n    }\n", "        if count > 3 { reset() }\n    }\n\n    func reset() {\n        count = 0\n    }\n")
        let schema = MutantSchema(file: Self.source, mutants: [(1, split)])
        #expect(schema.switched == [1])
        #expect(schema.text.contains("if count > 3 { reset() }\n    } else {"))
        #expect(schema.text.contains("} }\n\n    func reset() {\n        count = 0\n    }\n"))
        #expect(MutantSchema.isBalanced(Array("{ f(a[0]) }".utf8)))
        #expect(!MutantSchema.isBalanced(Array("}\n\n    func reset() {".utf8)))
    }

    @Test func twoBlocksAddedOrADeclarationRemovedIsLeftToABuildOfItsOwn() throws {
        let removed = try Self.bug("    init() {\n        count = 2\n    }\n\n", "", name: "removed")
        let twoBlocks = try Self.bug("    init() {\n        count = 2\n    }\n\n    func bump() {",
                                     "    var a = 1\n    init() {\n        count = 2\n    }\n\n    var b = 2\n    func bump() {", name: "two")
        let schema = MutantSchema(file: Self.source, mutants: [(1, removed), (2, twoBlocks)])
        #expect(schema.fallback == [1, 2])
        #expect(schema.text == Self.source.text)
    }
}
