/// A binary min-heap of what waits on the clock, ordered by (deadline, insertion order): sleeping
/// tasks (`SleepTimer`), scheduled steps and `Task.sleep`'s wake-up jobs, which need no object of  // determinism: ok (names it)
/// their own here.
///
/// Cancelled timers are removed lazily: they stay in the array, marked, until they reach
/// the top, which keeps cancellation O(1). `liveCount` counts only waiting entries.
///
/// Each slot keeps its entry's ordering key beside it, so sifting compares plain integers and
/// moves slots without touching (and reference-counting) what they hold. The slots are one
/// buffer the heap owns (so it cannot be copied): no array's uniqueness check at each insert,
/// pop and look at the top, which every wait of a run makes.
struct TimerHeap: ~Copyable {
    /// What waits: a suspended task's timer, or a step to queue when its deadline comes.
    enum Entry {
        case sleeper(SleepTimer)
        case step(any SimulationStep)
        /// The job that ends a `Task.sleep` (or a continuous or suspending clock's sleep): run  // determinism: ok (names it)
        /// at its deadline, where a task sleeping on the run's clock would be resumed.
        case sleepingJob(UnownedJob)
        /// A step taken back before its deadline (`Simulation.unschedule`), dropped when it reaches the top.
        case unscheduled

        var isWaiting: Bool {
            switch self {
            case .sleeper(let timer): timer.isWaiting
            case .step, .sleepingJob: true
            case .unscheduled: false
            }
        }

        var label: String {
            switch self {
            case .sleeper(let timer): timer.label
            case .step(let step): step.label
            case .sleepingJob: "Task.sleep"  // determinism: ok (a message that names it)
            case .unscheduled: "unscheduled"
            }
        }
    }

    private struct Slot {
        let deadline: Int64
        let sequence: UInt64
        var entry: Entry

        func firesBefore(_ other: Slot) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var slots: UnsafeMutablePointer<Slot>
    private var capacity: Int
    private var count = 0
    private(set) var liveCount = 0

    /// The slots in use, in heap order.
    private var storage: UnsafeMutableBufferPointer<Slot> { UnsafeMutableBufferPointer(start: slots, count: count) }

    init() {
        capacity = 16
        slots = .allocate(capacity: capacity)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    var isEmpty: Bool { liveCount == 0 }

    mutating func insert(_ timer: SleepTimer) {
        precondition(timer.isWaiting, "only a waiting timer can be parked")
        precondition(timer.deadline != nil, "only a timer with a deadline can be parked")
        append(Slot(deadline: timer.deadline!.nanoseconds, sequence: timer.sequence, entry: .sleeper(timer)))
        timer.parked = true
    }

    /// Parks `step` until `deadline`; `sequence` orders it among entries due at the same instant.
    mutating func insert(_ step: any SimulationStep, at deadline: SimulationInstant, sequence: UInt64) {
        append(Slot(deadline: deadline.nanoseconds, sequence: sequence, entry: .step(step)))
    }

    /// Parks the job that ends a `Task.sleep` until `deadline`.  // determinism: ok (names it)
    mutating func insert(sleepingJob job: UnownedJob, at deadline: SimulationInstant, sequence: UInt64) {
        append(Slot(deadline: deadline.nanoseconds, sequence: sequence, entry: .sleepingJob(job)))
    }

    private mutating func append(_ slot: consuming Slot) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Slot>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: slots, count: count)
            slots.deallocate()
            slots = larger
            capacity *= 2
        }
        (slots + count).initialize(to: slot)
        count += 1
        siftUp(count - 1)
        liveCount += 1
    }

    /// Notes that a parked timer was resolved early (woken or cancelled); it is dropped when it
    /// reaches the top.
    mutating func noteResolvedEarly(_ timer: SleepTimer) {
        precondition(!timer.isWaiting, "noteResolvedEarly takes a resolved timer")
        precondition(timer.parked && liveCount > 0, "a timer resolved early must have been parked and live")
        timer.parked = false
        liveCount -= 1
    }

    /// The deadline of the earliest waiting entry.
    mutating func nextDeadline() -> SimulationInstant? {
        dropCancelledTop()
        return count > 0 ? SimulationInstant(nanoseconds: slots[0].deadline) : nil
    }

    /// Removes and returns the earliest waiting entry.
    mutating func pop() -> Entry? {
        dropCancelledTop()
        guard count > 0 else { return nil }
        let top = removeTop()
        if case .sleeper(let timer) = top { timer.parked = false }
        liveCount -= 1
        precondition(liveCount >= 0, "live timer count went negative")
        return top
    }

    /// Every waiting entry with its deadline, in firing order (for reports; O(n log n)).
    func waitingInOrder() -> [(deadline: SimulationInstant, entry: Entry)] {
        storage.filter(\.entry.isWaiting).sorted { $0.firesBefore($1) }
            .map { (SimulationInstant(nanoseconds: $0.deadline), $0.entry) }
    }

    /// Takes `step` back if it is parked (O(n): a run parks a few entries at a time); true if it was.
    mutating func unschedule(_ step: any SimulationStep) -> Bool {
        guard let position = storage.firstIndex(where: { slot in
            if case .step(let parked) = slot.entry { parked === step } else { false }
        }) else { return false }
        slots[position].entry = .unscheduled
        liveCount -= 1
        return true
    }

    /// Removes every parked step and sleeping job: a run that ends drops its steps unrun. Returns
    /// the sleeping jobs in firing order: each must still run once, or its task is never freed.
    mutating func removeSteps() -> [UnownedJob] {
        let before = count
        var all = storage
        all.sort { $0.firesBefore($1) }  // a sorted array is a heap
        let jobs = all.compactMap { slot -> UnownedJob? in
            if case .sleepingJob(let job) = slot.entry { job } else { nil }
        }
        // Keep the sleepers and the taken-back steps, in their (sorted) order.
        var kept = 0
        for index in 0..<count {
            switch slots[index].entry {
            case .step, .sleepingJob:
                (slots + index).deinitialize(count: 1)
            case .sleeper, .unscheduled:
                if kept != index { (slots + kept).moveInitialize(from: slots + index, count: 1) }
                kept += 1
            }
        }
        count = kept
        liveCount -= before - count
        return jobs
    }

    private mutating func dropCancelledTop() {
        while count > 0, !slots[0].entry.isWaiting {
            _ = removeTop()
        }
    }

    /// Moves the top entry out (swapped with the last slot, which is sifted down): no copy, so
    /// the entry's timer or step is not reference-counted on the way out.
    private mutating func removeTop() -> Entry {
        let last = count - 1
        if last > 0 { storage.swapAt(0, last) }
        let top = (slots + last).move()
        count = last
        if count > 0 { siftDown(0) }
        return top.entry
    }

    /// Sifting works on the raw buffer: slots are moved, never copied, so their timers are not
    /// reference-counted on every step, and keys are compared as (deadline, insertion order).
    private mutating func siftUp(_ start: Int) {
        let slots = storage
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.key(slots, child) < Self.key(slots, parent) else { return }
            slots.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        let slots = storage
        var parent = start
        let count = slots.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            let right = left + 1
            var smallest = left
            if right < count && Self.key(slots, right) < Self.key(slots, left) { smallest = right }
            guard Self.key(slots, smallest) < Self.key(slots, parent) else { return }
            slots.swapAt(parent, smallest)
            parent = smallest
        }
    }

    @inline(__always)
    private static func key(_ slots: UnsafeMutableBufferPointer<Slot>, _ index: Int) -> (Int64, UInt64) {
        (slots[index].deadline, slots[index].sequence)
    }

    /// O(n) self-check of the heap property, for tests.
    func checkInvariants() {
        for index in storage.indices.dropFirst() {
            let parent = (index - 1) / 2
            precondition(!storage[index].firesBefore(storage[parent]), "heap order broken at \(index)")
        }
        precondition(liveCount == storage.count(where: \.entry.isWaiting), "live count drifted")
        for slot in storage {
            guard case .sleeper(let timer) = slot.entry else { continue }
            precondition(slot.deadline == timer.deadline?.nanoseconds && slot.sequence == timer.sequence,
                         "a slot's key differs from its timer's")
        }
    }
}
