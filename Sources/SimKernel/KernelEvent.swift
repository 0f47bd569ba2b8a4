/// Events the kernel itself records: the start and the end of a run.
public enum KernelEvent: TraceRecord, Equatable {
    case runStarted(seed: UInt64, strategy: SchedulingStrategy)
    case runEnded(outcome: String)

    public var lane: String { "kernel" }

    public func writeCanonical(to writer: inout some CanonicalWriter) {
        switch self {
        case .runStarted(let seed, let strategy):
            writer.write(literal: "run-started seed=")
            writer.write(decimal: seed)
            writer.write(literal: " strategy=")
            writer.write(strategy.description)
        case .runEnded(let outcome):
            writer.write(literal: "run-ended outcome=")
            writer.write(outcome)
        }
    }
}
