import Oracles
import Scenarios

extension ScenarioResult {
    /// The result as one JSON object: scenario, seed, mutants, passed, violations, traceHash,
    /// foreignEnqueues, metrics.
    public var json: JSONWriter.Value {
        let metrics = self.metrics
        func optional(_ value: Int64?) -> JSONWriter.Value { value.map(JSONWriter.Value.int) ?? .null }
        return .object([
            ("scenario", .string(scenario.name)),
            ("file", .string(scenario.file)),
            ("seed", .string(String(seed))),
            ("mutants", .array(mutants.members.map { .string($0.rawValue) })),
            ("passed", .bool(passed)),
            ("violations", .array(violations.map { violation in
                .object([("oracle", .string(violation.oracle)), ("atMs", .int(violation.at.milliseconds)),
                         ("message", .string(violation.message))])
            })),
            ("traceHash", .string(traceHash)),
            ("foreignEnqueues", .int(Int64(simulation.foreignEnqueues))),
            ("metrics", .object([
                ("firstRouteMs", optional(metrics?.firstRouteMs)),
                ("loadingMs", optional(metrics?.loadingMs)),
                ("interactiveMs", optional(metrics?.interactiveMs)),
                ("waitMs", optional(journey?.waitMs)),
                ("longestWaitMs", optional(journey?.longestWaitMs)),
                ("appTimeToMainMs", optional(journey?.appTimeToMainMs)),
                ("virtualMs", .int(virtualMs)),
            ])),
        ])
    }
}
