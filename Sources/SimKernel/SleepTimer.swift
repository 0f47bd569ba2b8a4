/// One sleeper parked on the virtual clock.
final class SleepTimer {
    enum State { case waiting, fired, cancelled }

    let deadline: SimulationInstant
    /// Insertion order: breaks ties between equal deadlines, so `fifo` is well defined.
    let sequence: UInt64
    let label: String
    var continuation: UnsafeContinuation<Void, any Error>?
    var state: State = .waiting

    init(deadline: SimulationInstant, sequence: UInt64, label: String) {
        self.deadline = deadline
        self.sequence = sequence
        self.label = label
    }

    /// Orders timers by (deadline, insertion order).
    func firesBefore(_ other: SleepTimer) -> Bool {
        if deadline != other.deadline { return deadline < other.deadline }
        return sequence < other.sequence
    }
}
