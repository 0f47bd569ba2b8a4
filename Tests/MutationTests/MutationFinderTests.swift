import Foundation
import Testing
@testable import Mutation

/// The operators on small pieces of app-like code: what each finds, and what is never touched.
@Suite struct MutationFinderTests {
    static let enumSource = "enum OnboardingPhase { case intro, intake, auth\n  func f() {} }\nenum Route { case main, page(Int) }\n"
        + "struct UserAction {\n    static var retry: UserAction { UserAction(\"retry\") }\n    func f() {}\n}\n"
        + "extension UserAction {\n    public static let skip: UserAction = UserAction(\"skip\")\n    static let all: [UserAction] = []\n}\n"

    func mutants(_ body: String, file: String = "App.swift") -> [Mutant] {
        let enums = EnumCatalogue(files: [SourceFile(path: "Phase.swift", text: Self.enumSource)])
        return MutationFinder.mutants(in: SourceFile(path: file, text: body), enums: enums)
    }

    func diffs(_ body: String, _ mutationOperator: MutationOperator) -> [String] {
        mutants(body).filter { $0.mutationOperator == mutationOperator }.map(\.diff)
    }

    @Test func conditionsAreNegatedAndDroppedClauseByClause() {
        let body = "func f() {\n    guard let user = userID, !busy, count > 0 else { return }\n}\n"
        let negated = diffs(body, .negateCondition)
        #expect(negated.count == 2, "the binding clause is not a condition")
        #expect(negated.contains { $0.contains("+     guard let user = userID, busy, count > 0 else { return }") })
        #expect(negated.contains { $0.contains("!(count > 0)") })
        #expect(diffs(body, .dropCondition).contains { $0.contains("guard let user = userID, true, count > 0") })
    }

    @Test func statementsAreDeletedAndSwappedButDeclarationsAndReturnsAreNot() {
        let body = "func f() {\n    let x = 1\n    busy = nil\n    publish()\n    return\n}\n"
        let deleted = diffs(body, .deleteStatement)
        #expect(deleted.count == 2)
        #expect(deleted.contains("-     busy = nil"))
        #expect(deleted.contains("-     publish()"))
        #expect(diffs(body, .swapStatements) == ["-     busy = nil\n-     publish()\n+     publish()\n+     busy = nil"])
    }

    @Test func aStatementAloneInACaseBecomesBreak() {
        let body = "func f() {\n    switch x {\n    case .a: publish()\n    default: break\n    }\n}\n"
        #expect(diffs(body, .deleteStatement) == ["-     case .a: publish()\n+     case .a: break"])
    }

    @Test func aMultiLineCallWithATrailingClosureIsDeletedWhole() {
        let body = "func f() {\n    writeCache { cache in\n        cache.phase = current\n    }\n    publish()\n}\n"
        let deleted = mutants(body).filter { $0.mutationOperator == .deleteStatement }
        #expect(deleted.contains { $0.removedLines.count == 3 && $0.addedLines.isEmpty })
        #expect(deleted.contains { $0.diff == "-         cache.phase = current" })
    }

    @Test func constantsChangeAsPITDoesAndDurationsDouble() {
        let body = "func f() {\n    retries = 0\n    limit = 1\n    count = 30\n    wait(.seconds(2))\n    flag = true\n}\n"
        let constants = mutants(body).filter { $0.mutationOperator == .replaceConstant }.map(\.replacement)
        #expect(constants == ["1", "0", "31", "4", "false"])
    }

    @Test func enumCasesAreSwappedForASiblingOnlyInExpressions() {
        let body = "func f() {\n    setPhase(.intake)\n    switch phase {\n    case .intro: route = .main\n    default: break\n    }\n}\n"
        let cases = mutants(body).filter { $0.mutationOperator == .replaceConstant }
        // `.intro` is a pattern; `.main`'s enum has no other case without a payload.
        #expect(cases.map(\.replacement) == ["auth"])
    }

    @Test func anOpenTypesStaticValuesAreSwappedLikeEnumCases() {
        let cases = mutants("func f() {\n    perform(.retry)\n}\n").filter { $0.mutationOperator == .replaceConstant }
        // `all` is an array, not a value of the type: never a sibling.
        #expect(cases.map(\.replacement) == ["skip"])
    }

    @Test func binaryOperatorsChangeButGenericsAndPrefixesDoNot() {
        let body = "func f() -> Result<A, B> {\n    return a < b && c == d || e + 1 > min(f, g)\n}\n"
        let found = mutants(body)
        #expect(found.filter { $0.mutationOperator == .changeComparison }.map(\.replacement) == ["<=", "!=", ">="])
        #expect(found.filter { $0.mutationOperator == .swapLogical }.map(\.replacement) == ["||", "&&"])
        #expect(found.filter { $0.mutationOperator == .changeArithmetic }.map(\.replacement) == ["-"])
        #expect(found.filter { $0.mutationOperator == .swapMinMax }.map(\.replacement) == ["max"])
        #expect(!found.contains { $0.mutationOperator == .returnEarly }, "a function with a result gets no early return")
    }

    @Test func aFunctionWithoutAResultGetsAnEarlyReturn() {
        let found = diffs("func f() async {\n    publish()\n}\n", .returnEarly)
        #expect(found == ["- func f() async {\n+ func f() async { return;"])
    }

    @Test func mutantSwitchesTheirCodeRecordsAndAssertionsAreNeverMutated() {
        let body = """
        func f() {
            if mutants.contains(.fix3) {
                busy = nil
            }
            guard !mutants.contains(.fix5) else { return publish() }
            simulation.record(ModelEvent.note("x == 1"))
            precondition(count > 0, "positive")
            confetti = mutants.contains(.fix11) || !reduceMotion
        }
        """
        let found = mutants(body)
        #expect(!found.contains { $0.line >= 2 && $0.line <= 7 }, "\(found.map(\.diff))")
        #expect(found.contains { $0.line == 8 && $0.mutationOperator == .swapLogical })
        #expect(!found.contains { $0.replacement.contains("fix") || $0.replacement == "main" })
    }

    @Test func theCodeAfterAGuardOnASwitchedOnMutantIsNeverMutated() {
        let body = "func f() {\n    guard mutants.contains(.pit3) else { return }\n    sendAnalytics()\n}\nfunc g() {\n    publish()\n}\n"
        let deleted = diffs(body, .deleteStatement)
        #expect(deleted == ["-     publish()"])
    }

    @Test func appCodeSwitchesNamedBugsOrAsToldAreNeverMutatedButOtherSetsAre() {
        let body = "func f() {\n    if bugs.contains(.doubleSubmit) { isBusy = true }\n    if flaws.contains(.x) { publish() }\n}\n"
        let enums = EnumCatalogue(files: [])
        let plain = MutationFinder.mutants(in: SourceFile(path: "VM.swift", text: body), enums: enums)
        #expect(!plain.contains { $0.line == 2 }, "\(plain.map(\.diff))")
        #expect(plain.contains { $0.line == 3 }, "another set is app state, mutated as any")
        let told = MutationFinder.mutants(in: SourceFile(path: "VM.swift", text: body), enums: enums,
                                          switches: MutationFinder.defaultSwitches + ["flaws"])
        #expect(!told.contains { $0.line >= 2 }, "\(told.map(\.diff))")
    }

    @Test func aManifestsRelativeDependencyPathsBecomeAbsoluteAndNothingElseChanges() {
        let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(
            name: "Trendy",
            dependencies: [.package(name: "onboarding-sim", path: "../.."), .package(path: "/opt/kit"),
                           .package(url: "https://example.com/x.git", from: "1.0.0")],
            targets: [.target(name: "App", path: "Sources/App")]
        )
        """
        let rewritten = PackageManifest.absolutePaths(in: manifest, against: "/work/main/Examples/Trendy")
        #expect(rewritten == manifest.replacingOccurrences(of: "path: \"../..\"", with: "path: \"/work/main\""))
    }

    @Test func initialisersAreWiringAndAreNeverMutated() {
        let body = "init(a: Int) {\n    self.a = a\n    count = 2\n}\n"
        #expect(mutants(body).isEmpty)
    }

    @Test func aMutantAppliesToItsSourceAndItsIdIsStable() {
        let body = "func f() {\n    busy = nil\n}\n"
        let deletion = mutants(body, file: "Sources/App/Store.swift").first { $0.mutationOperator == .deleteStatement }!
        #expect(deletion.applied(to: body) == "func f() {\n    \n}\n")
        #expect(deletion.id == "Sources/App/Store.swift:2:5:delete-statement")
    }
}
