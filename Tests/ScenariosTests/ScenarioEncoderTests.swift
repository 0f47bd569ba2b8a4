import Testing
@testable import Scenarios
import ToolAppsForTests

/// Encoding a scenario and decoding it again gives the same run: what shrink relies on.
@Suite struct ScenarioEncoderTests {
    init() { ToolApps.register() }
    @Test func everyBundledScenarioSurvivesARoundTripWithTheSameTraceHash() throws {
        let (scenarios, problems) = ScenarioLoader.load([Paths.scenarios])
        #expect(problems.isEmpty)
        for scenario in scenarios {
            let text = ScenarioEncoder.encode(scenario)
            guard case .success(let again) = ScenarioDecoder.decode(text, file: scenario.file) else {
                Issue.record("\(scenario.file) encodes to a file that does not decode:\n\(text)")
                continue
            }
            #expect(ScenarioEncoder.encode(again) == text, "\(scenario.file)")
            #expect(ScenarioRunner.run(again).traceHash == ScenarioRunner.run(scenario).traceHash, "\(scenario.file)")
        }
    }

    @Test func durationsAreWrittenInTheLargestExactUnit() {
        #expect(ScenarioEncoder.duration(.seconds(120)) == .string("2m"))
        #expect(ScenarioEncoder.duration(.milliseconds(1500)) == .string("1500ms"))
        #expect(ScenarioEncoder.duration(.seconds(7200)) == .string("2h"))
        #expect(ScenarioEncoder.duration(.zero) == .string("0ms"))
    }

    @Test func durationsFinerThanAMillisecondAreWrittenAsDecimalsTheDecoderReadsBack() throws {
        for (nanoseconds, text) in [(1, "0.000001ms"), (1_500_000_123, "1500.000123ms"), (2_500_000, "2.5ms"), (999, "0.000999ms")] {
            let written = ScenarioEncoder.duration(.nanoseconds(Int64(nanoseconds)))
            #expect(written == .string(text))
            #expect(try DecodingContext.parseDuration(text).get() == .nanoseconds(Int64(nanoseconds)))
        }
    }
}
