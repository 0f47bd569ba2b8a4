/// Events the kernel itself records: the start and the end of a run.
public enum KernelEvent: TraceRecord, Equatable {
    case runStarted(seed: UInt64, strategy: SchedulingStrategy)
    case runEnded(outcome: String)

    public var lane: String { "kernel" }

    public var canonicalText: String {
        switch self {
        case .runStarted(let seed, let strategy): "run-started seed=\(seed) strategy=\(strategy)"
        case .runEnded(let outcome): "run-ended outcome=\(outcome)"
        }
    }
}
