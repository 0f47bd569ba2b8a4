import Testing
@testable import Oracles

@Suite struct FaultIndexTests {
    @Test(arguments: ["drop", "timeout", "error(500)", "error(503)", "delay(4016ms)", "offline", "account-deleted user=u1",
                      "session-revoked user=u2", "account-lost", "account-lost(u1)", "", "(", " drop", "dropped", "dro", "unknown"])
    func aFaultCountsUnderTheNameBeforeItsParenthesisOrSpace(fault: String) {
        let name = fault.prefix { $0 != "(" && $0 != " " }
        let expected = RunCoverage.faultNames.firstIndex { $0 == name } ?? RunCoverage.faultNames.count - 1
        #expect(RunCoverage.faultIndex(fault) == expected)
    }

    @Test func namedFaultsLandOnTheirOwnColumns() {
        #expect(RunCoverage.faultIndex("drop") == 0)
        #expect(RunCoverage.faultIndex("error(500)") == 2)
        #expect(RunCoverage.faultIndex("account-deleted user=u1") == 5)
    }
}
