import Testing
@testable import Exploration
import SimKernel

/// The summary hash is made of each run's line, `"<target> <seed> <trace hash>\n"`, hashed: written
/// piece by piece it must be the same bytes as the line itself, or every summary hash changes.
@Suite struct SummaryLineHashTests {
    @Test(arguments: [("new-user", UInt64(0), UInt64(0)), ("scenarios/a b.json", 123_456_789_012, 0x0000_00ab_cdef_0123),
                      ("pickup-returning", UInt64.max, UInt64.max), ("é-target", 7, 0x9f1c_03b2_a4d5_e6f7)])
    func aRunsLineHashIsTheHashOfItsWrittenLine(target: String, seed: UInt64, hash: UInt64) {
        let line = "\(target) \(seed) \(TraceHasher.hex(hash))\n"
        #expect(ExplorationSummary.lineHash(target: target, seed: seed, traceHash: hash) == TraceHasher.fnv1a(line))
    }
}
