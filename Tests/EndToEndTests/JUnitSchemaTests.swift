import Testing
import Foundation
import Synchronization
#if canImport(FoundationXML)
import FoundationXML
#endif
import Reports

/// What junit-10.xsd (the Jenkins xUnit plugin's schema, which pytest and most CI systems read)
/// requires of a report, checked with a real XML parser.
struct JUnitShape {
    /// The attributes the schema requires on each element.
    static let required = ["testsuite": ["name", "tests", "failures", "errors"], "testcase": ["name"]]

    var wellFormed = false
    var missing: [String] = []
    var suites: [[String: String]] = []
    var failures = 0

    /// Parses `xml` and notes every element that lacks a required attribute.
    init(_ xml: String) {
        final class Delegate: NSObject, XMLParserDelegate {
            var missing: [String] = [], suites: [[String: String]] = [], failures = 0
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                for key in JUnitShape.required[name] ?? [] where attributes[key] == nil { missing.append("\(name)@\(key)") }
                if name == "testsuite" { suites.append(attributes) }
                if name == "failure" { failures += 1 }
            }
        }
        let parser = XMLParser(data: Data(xml.utf8))
        let delegate = Delegate()
        parser.delegate = delegate
        wellFormed = parser.parse()
        missing = delegate.missing
        suites = delegate.suites
        failures = delegate.failures
    }
}

/// JUnit from every command that writes it is well-formed and has what the schema requires,
/// whatever text the scenarios hold.
@Suite struct JUnitSchemaTests {
    static let calls = Atomic(0)

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: ScenarioCommandTests.root, environment: environment)
    }

    func junit(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, shape: JUnitShape, xml: String) {
        // A file of its own per call: tests run in parallel in one process, and two of them run `run`.
        let call = Self.calls.add(1, ordering: .relaxed).newValue
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("junit-\(getpid())-\(call)-\(arguments[0]).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try run(arguments + ["--junit", file.path], environment: environment)
        let xml = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return (output.status, JUnitShape(xml), xml)
    }

    @Test func runRegressExploreAndValidateWriteValidJUnit() throws {
        let run = try junit(["run", "scenarios/fix-plan/activation-network-blip.json", "--mutant", "fix-3"], environment: ["SOURCE_DATE_EPOCH": "0"])
        #expect(run.status == 1 && run.shape.wellFormed && run.shape.missing.isEmpty && run.shape.failures > 0)
        #expect(run.shape.suites.first?["timestamp"] == "1970-01-01T00:00:00Z")
        #expect(run.shape.suites.first?["name"] == "scenarios/fix-plan")
        #expect(run.xml.contains("replay: onboarding-sim run scenarios/fix-plan/activation-network-blip.json --seed"))
        let explore = try junit(["explore", "--seeds", "60", "--mutant", "fix-3"])
        #expect(explore.status == 1 && explore.shape.wellFormed && explore.shape.missing.isEmpty && explore.shape.failures > 0)
        #expect(explore.xml.contains("classname=\"explore.new-user\"") && explore.xml.contains("replay: onboarding-sim replay --persona"))
        let quiet = try junit(["explore", "--seeds", "20"])
        #expect(quiet.status == 0 && quiet.shape.wellFormed && quiet.shape.missing.isEmpty && quiet.shape.failures == 0)
        let regress = try junit(["regress", "scenarios/fix-plan"])
        #expect(regress.shape.wellFormed && regress.shape.missing.isEmpty)
    }

    @Test func validationErrorsAreFailuresEvenWithControlCharactersInTheFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("junit-validation-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("odd.json")
        try #"{"format": 1, "name": "esc \u001b[31m nul \u0000", "st\u0001eps": [], "faults": []}"#.write(to: file, atomically: true, encoding: .utf8)
        for command in ["validate", "run", "regress"] {
            let result = try junit([command, file.path])
            #expect(result.status == 2)
            #expect(result.shape.wellFormed, "\(command): \(result.xml)")
            #expect(result.shape.missing.isEmpty && result.shape.failures >= 1, "\(command)")
            #expect(result.shape.suites.first?["name"] == "validation")
        }
    }

    @Test func controlCharactersInScenarioTextStillGiveAWellFormedFileWithEveryRequiredAttribute() {
        let nasty = "esc \u{1B}[31m nul \u{0} bell \u{7} quote \" amp & lt < tab\tnew\nline, combined \"\u{301} <\u{338}"
        let report = JUnitReport(name: nasty, cases: [
            .init(suite: "scenarios/\u{1}odd", name: nasty, seconds: 0.25, failures: [("oracle \u{2}", nasty, nasty)]),
            .init(suite: "scenarios/\u{1}odd", name: "passing", seconds: 0, failures: []),
        ], timestamp: "2026-11-24T00:00:00Z", hostname: "ci")
        let shape = JUnitShape(report.xml)
        #expect(shape.wellFormed, "\(report.xml)")
        #expect(shape.missing.isEmpty)
        #expect(shape.failures == 1)
        #expect(shape.suites.first?["timestamp"] == "2026-11-24T00:00:00Z" && shape.suites.first?["hostname"] == "ci")
        #expect(shape.suites.first?["time"] == "0.250" && shape.suites.first?["errors"] == "0")
        #expect(!report.xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(report.xml.contains("&#10;"), "a line break in an attribute survives attribute normalisation")
    }

    @Test func theTimestampIsISO8601InUTC() {
        let now = JUnitReport.now()
        #expect(now.count == 20 && now.hasSuffix("Z") && now.dropFirst(10).hasPrefix("T"), "\(now)")
    }
}
