import Testing
import Foundation
@testable import Scenarios
import ToolAppsForTests

/// The in-project fuzzer: seeded mutations of every bundled scenario never trap the decoder,
/// every rejection says where, and every accepted file runs to its end within its limits.
@Suite struct FuzzTests {
    init() { ToolApps.register() }
    static func corpus() throws -> [(file: String, bytes: [UInt8])] {
        let (files, problems) = ScenarioLoader.files(in: [Paths.scenarios])
        #expect(problems.isEmpty)
        return try files.map { ($0, Array(try Data(contentsOf: URL(fileURLWithPath: $0)))) }
    }

    /// 3,000 cases: a failure names the seed and the case, which replay exactly.
    @Test(arguments: 0..<6)
    func mutatedScenariosAreRejectedWithAPlaceOrRunToTheirEnd(seed: UInt64) throws {
        let corpus = try Self.corpus()
        var mutator = ScenarioMutator(seed: seed)
        for index in 0..<500 {
            let original = corpus[index % corpus.count]
            let (bytes, mutation) = mutator.mutate(original.bytes)
            let problem = ScenarioFuzzCheck.check(bytes, file: "case-\(index).json")
            #expect(problem == nil, "seed \(seed) case \(index) (\(original.file), \(mutation)): \(problem ?? "")")
        }
    }

    @Test func theMutatorGivesTheSameCasesForTheSameSeed() throws {
        let bytes = try Self.corpus()[0].bytes
        var first = ScenarioMutator(seed: 3), second = ScenarioMutator(seed: 3)
        for _ in 0..<50 { #expect(first.mutate(bytes).bytes == second.mutate(bytes).bytes) }
    }

    @Test func theCheckFindsARejectionWithoutAPlace() {
        #expect(!ScenarioFuzzCheck.names(aPlace: "file"))
        #expect(ScenarioFuzzCheck.names(aPlace: "$.limits.virtualTime"))
        #expect(ScenarioFuzzCheck.names(aPlace: "line 3, column 7"))
    }
}
