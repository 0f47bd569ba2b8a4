import Foundation

/// JUnit XML for CI, valid against the Jenkins xUnit plugin's junit-10.xsd (which pytest and
/// most CI systems follow): one test case per run, failures carrying the violation messages.
///
/// Every `testsuite` has the attributes the schema requires (`name`, `tests`, `failures`,
/// `errors`) and `time`, `timestamp` and `hostname`; text is escaped, and characters XML 1.0
/// cannot hold (control characters such as NUL or ESC) are replaced by U+FFFD, so any scenario
/// text gives a well-formed file.
public struct JUnitReport {
    /// One test case.
    public struct Case {
        public let suite: String
        /// The case's class; the suite when not given.
        public let classname: String
        public let name: String
        public let seconds: Double
        /// Empty when the case passed.
        public let failures: [(type: String, message: String, detail: String)]

        public init(suite: String, classname: String? = nil, name: String, seconds: Double,
                    failures: [(type: String, message: String, detail: String)]) {
            self.suite = suite
            self.classname = classname ?? suite
            self.name = name
            self.seconds = seconds
            self.failures = failures
        }
    }

    public let name: String
    public let cases: [Case]
    /// When the report was made, as ISO 8601 (`SOURCE_DATE_EPOCH` gives a reproducible one).
    public var timestamp: String
    public var hostname: String

    public init(name: String, cases: [Case], timestamp: String = JUnitReport.now(), hostname: String = JUnitReport.host()) {
        self.name = name
        self.cases = cases
        self.timestamp = timestamp
        self.hostname = hostname
    }

    public var xml: String {
        let failed = cases.filter { !$0.failures.isEmpty }.count
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                     "<testsuites name=\"\(escape(name))\" tests=\"\(cases.count)\" failures=\"\(failed)\" errors=\"0\" "
                     + "time=\"\(formatSeconds(cases.reduce(0) { $0 + $1.seconds }))\">"]
        var suites: [String] = []
        for testCase in cases where !suites.contains(testCase.suite) { suites.append(testCase.suite) }
        for suite in suites {
            let members = cases.filter { $0.suite == suite }
            let suiteFailures = members.filter { !$0.failures.isEmpty }.count
            lines.append("  <testsuite name=\"\(escape(suite))\" tests=\"\(members.count)\" failures=\"\(suiteFailures)\" errors=\"0\" "
                         + "skipped=\"0\" time=\"\(formatSeconds(members.reduce(0) { $0 + $1.seconds }))\" "
                         + "timestamp=\"\(escape(timestamp))\" hostname=\"\(escape(hostname))\">")
            for testCase in members {
                let attributes = "classname=\"\(escape(testCase.classname))\" name=\"\(escape(testCase.name))\" time=\"\(formatSeconds(testCase.seconds))\""
                guard !testCase.failures.isEmpty else {
                    lines.append("    <testcase \(attributes)/>")
                    continue
                }
                lines.append("    <testcase \(attributes)>")
                for failure in testCase.failures {
                    lines.append("      <failure type=\"\(escape(failure.type))\" message=\"\(escape(failure.message))\">"
                                 + escapeText(failure.detail) + "</failure>")
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func formatSeconds(_ seconds: Double) -> String {
        let millis = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// An attribute value: escaped, XML-invalid characters replaced, and tab, line feed and
    /// carriage return written as references so a parser's attribute normalisation keeps them.
    func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in Markup.escape(Markup.xmlCharacters(text)).unicodeScalars {
            switch scalar {
            case "\t": escaped += "&#9;"
            case "\n": escaped += "&#10;"
            case "\r": escaped += "&#13;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Element text: escaped, XML-invalid characters replaced.
    func escapeText(_ text: String) -> String { Markup.escape(Markup.xmlCharacters(text)) }

    /// Now, as ISO 8601 in UTC to the second; `SOURCE_DATE_EPOCH` (seconds), when set, instead.
    public static func now() -> String {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["SOURCE_DATE_EPOCH"].flatMap(Double.init)
            ?? Date().timeIntervalSince1970  // determinism: ok (report metadata, never simulated)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// This machine's name, or `localhost`.
    public static func host() -> String {
        let name = ProcessInfo.processInfo.hostName
        return name.isEmpty ? "localhost" : name
    }
}
