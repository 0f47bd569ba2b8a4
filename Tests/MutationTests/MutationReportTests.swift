import Testing
@testable import Mutation

@Suite struct MutationReportTests {
    static let source = SourceFile(path: "A.swift", text: (1...40).map { "func f\($0)() {\n    busy = \($0)\n}\n" }.joined())
    static let all = MutationFinder.mutants(in: source, enums: EnumCatalogue(files: []))

    @Test func aSampleIsTheSameForTheSameSeedAndShardsPartitionIt() {
        var selection = MutantSelection()
        selection.sample = 25
        selection.seed = 7
        let first = selection.select(from: Self.all), again = selection.select(from: Self.all)
        #expect(first.count == 25 && first == again)
        selection.seed = 8
        #expect(selection.select(from: Self.all) != first, "another seed draws another sample")
        selection.seed = 7
        var shards: [Mutant] = []
        for index in 1...3 {
            selection.shard = (index, 3)
            shards += selection.select(from: Self.all)
        }
        #expect(shards.sorted(by: MutantSelection.runOrder) == first)
    }

    @Test func filtersKeepOnlyTheNamedOperators() {
        var selection = MutantSelection()
        selection.operators = [.deleteStatement]
        #expect(selection.select(from: Self.all).count == 40)
    }

    func results() -> [MutantResult] {
        let killer = MutantKiller(kind: .explore, name: "noSilentDeadEnd", detail: "explore, new-user, seed 3",
                                  command: "onboarding-sim replay --persona new-user --seed 3")
        return [
            MutantResult(mutant: Self.all[0], verdict: .killed, killer: killer, seconds: 1.5),
            MutantResult(mutant: Self.all[1], verdict: .killed, killer: killer, seconds: 1),
            MutantResult(mutant: Self.all[2], verdict: .survived, seconds: 1),
            MutantResult(mutant: Self.all[3], verdict: .noChange, seconds: 1),
            MutantResult(mutant: Self.all[4], verdict: .buildFailed, seconds: 1),
        ]
    }

    @Test func theScoreCountsOnlyMutantsThatChangeBehaviourAndOpenSurvivors() throws {
        var report = MutationReport(plan: [("seed", "1")], results: results())
        #expect(report.scoreText == "66.7%")
        let survivor = Self.all[2]
        let removed = String(survivor.removedLines[0].drop(while: \.isWhitespace))
        let verdicts = try AcceptedSurvivors(json: """
            {"survivors": [{"file": "A.swift", "operator": "\(survivor.mutationOperator.rawValue)",
              "diff": "-  \(removed)  ", "verdict": "equivalent", "reason": "no user can tell"}]}
            """)
        report.results[2].accepted = verdicts.judgement(of: report.results[2])
        #expect(report.results[2].accepted?.reason == "no user can tell")
        #expect(report.scoreText == "100.0%")
    }

    @Test func aReportWhoseOnlySurvivorIsAcceptedHasNoScoreToCount() throws {
        let survivor = Self.all[2]
        var report = MutationReport(plan: [("seed", "1")], results: [MutantResult(mutant: survivor, verdict: .survived, seconds: 1)])
        let removed = String(survivor.removedLines[0].drop(while: \.isWhitespace))
        let verdicts = try AcceptedSurvivors(json: """
            {"survivors": [{"file": "A.swift", "operator": "\(survivor.mutationOperator.rawValue)",
              "diff": "- \(removed)", "verdict": "equivalent", "reason": "no user can tell"}]}
            """)
        report.results[0].accepted = verdicts.judgement(of: report.results[0])
        #expect(report.score == nil)
        #expect(report.scoreText == "none to count")
    }

    @Test func aReportReadsBackAsItWasWritten() throws {
        let report = MutationReport(plan: [("seed", "1"), ("sample", "5")], results: results())
        let again = try MutationReport.parse(report.json())
        #expect(again.plan.map { "\($0.0)=\($0.1)" } == ["seed=1", "sample=5"])
        #expect(again.results.map(\.id) == report.results.map(\.id))
        #expect(again.results.map(\.verdict) == report.results.map(\.verdict))
        #expect(again.results[0].killer == report.results[0].killer)
        #expect(again.json() == report.json())
    }

    @Test func theMarkdownListsEverySurvivorWithItsDiff() {
        let text = MutationReport(plan: [], results: results()).markdown()
        #expect(text.contains("| **score** (killed ÷ killed and open survivors) | **66.7%** |"))
        #expect(text.contains("```diff\n\(Self.all[2].diff)\n```"))
        #expect(text.contains("| noSilentDeadEnd | 2 |"))
    }

    @Test func aVerdictsFileWithAWrongVerdictIsRefusedWithItsPath() {
        #expect(throws: MutationReportError.self) {
            try AcceptedSurvivors(json: #"{"survivors": [{"file": "A", "operator": "x", "diff": "-a", "verdict": "fine", "reason": "r"}]}"#)
        }
    }

    @Test func aCrashIsToldByItsFatalErrorNotByTheBacktracersLastLine() {
        let crashed = """
            Swift/ContiguousArrayBuffer.swift:691: Fatal error: Index out of range

            💣 Program crashed: Illegal instruction at 0x00007f
            Thread 0 crashed:
            0 closure in OnboardingViewModel.isEmailValid.getter
            *** Backtrace took 0.45s ***
            """
        #expect(MutantKiller.crashLine(of: crashed) == "Swift/ContiguousArrayBuffer.swift:691: Fatal error: Index out of range")
        #expect(MutantKiller.crashLine(of: "explore: 20 seeds\nsegfault in the app\nBacktrace took 0.12s\n") == "segfault in the app")
        #expect(MutantKiller.crashLine(of: "") == "no output")
    }

    @Test func aCrashedRunThatTheToolNamedIsReplayedByItsOwnCommand() {
        let crashed = """
            Swift/ContiguousArrayBuffer.swift:691: Fatal error: Index out of range
            crash: sign-up-happy seed 412 ended the process with a trap (signal 4) at virtual time 2s, after 90 job(s); ...
              running: main
              replay: trendy-sim replay --persona sign-up-happy --seed 412

            💣 Program crashed: Illegal instruction at 0x00007f
            """
        #expect(MutantKiller.crashReplay(of: crashed) == "trendy-sim replay --persona sign-up-happy --seed 412")
        #expect(MutantKiller.crashReplay(of: "Fatal error: x\n  replay: not after a notice\n") == nil)
    }
}
