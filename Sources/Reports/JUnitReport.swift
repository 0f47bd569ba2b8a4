/// JUnit XML for CI: one test case per run, failures carrying the violation messages.
public struct JUnitReport {
    /// One test case.
    public struct Case {
        public let suite: String
        public let name: String
        public let seconds: Double
        /// Empty when the case passed.
        public let failures: [(type: String, message: String, detail: String)]

        public init(suite: String, name: String, seconds: Double, failures: [(type: String, message: String, detail: String)]) {
            self.suite = suite
            self.name = name
            self.seconds = seconds
            self.failures = failures
        }
    }

    public let name: String
    public let cases: [Case]

    public init(name: String, cases: [Case]) {
        self.name = name
        self.cases = cases
    }

    public var xml: String {
        let failed = cases.filter { !$0.failures.isEmpty }.count
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"\(escape(name))\" tests=\"\(cases.count)\" failures=\"\(failed)\">"]
        var suites: [String] = []
        for testCase in cases where !suites.contains(testCase.suite) { suites.append(testCase.suite) }
        for suite in suites {
            let members = cases.filter { $0.suite == suite }
            let suiteFailures = members.filter { !$0.failures.isEmpty }.count
            lines.append("  <testsuite name=\"\(escape(suite))\" tests=\"\(members.count)\" failures=\"\(suiteFailures)\">")
            for testCase in members {
                let attributes = "classname=\"\(escape(suite))\" name=\"\(escape(testCase.name))\" time=\"\(formatSeconds(testCase.seconds))\""
                guard !testCase.failures.isEmpty else {
                    lines.append("    <testcase \(attributes)/>")
                    continue
                }
                lines.append("    <testcase \(attributes)>")
                for failure in testCase.failures {
                    lines.append("      <failure type=\"\(escape(failure.type))\" message=\"\(escape(failure.message))\">"
                                 + escape(failure.detail) + "</failure>")
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func formatSeconds(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    func escape(_ text: String) -> String { Markup.escape(text) }
}
