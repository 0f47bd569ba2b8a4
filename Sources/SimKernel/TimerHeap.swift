/// A binary min-heap of sleepers ordered by (deadline, insertion order).
///
/// Cancelled timers are removed lazily: they stay in the array, marked, until they reach
/// the top, which keeps cancellation O(1). `liveCount` counts only waiting timers.
///
/// Each slot keeps its timer's ordering key beside it, so sifting compares plain integers and
/// moves slots without touching (and reference-counting) the timers.
struct TimerHeap {
    private struct Slot {
        let deadline: Int64
        let sequence: UInt64
        let timer: SleepTimer

        func firesBefore(_ other: Slot) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var storage: [Slot] = []
    private(set) var liveCount = 0

    var isEmpty: Bool { liveCount == 0 }

    mutating func insert(_ timer: SleepTimer) {
        precondition(timer.isWaiting, "only a waiting timer can be parked")
        precondition(timer.deadline != nil, "only a timer with a deadline can be parked")
        storage.append(Slot(deadline: timer.deadline!.nanoseconds, sequence: timer.sequence, timer: timer))
        siftUp(storage.count - 1)
        timer.parked = true
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

    /// The earliest waiting timer, without removing it.
    mutating func peek() -> SleepTimer? {
        dropCancelledTop()
        return storage.first?.timer
    }

    /// Removes and returns the earliest waiting timer.
    mutating func pop() -> SleepTimer? {
        dropCancelledTop()
        guard let top = storage.first?.timer else { return nil }
        removeTop()
        top.parked = false
        liveCount -= 1
        precondition(liveCount >= 0, "live timer count went negative")
        return top
    }

    /// Every waiting timer in firing order (for reports; O(n log n)).
    func waitingInOrder() -> [SleepTimer] {
        storage.filter(\.timer.isWaiting).sorted { $0.firesBefore($1) }.map(\.timer)
    }

    private mutating func dropCancelledTop() {
        while let top = storage.first, !top.timer.isWaiting {
            removeTop()
        }
    }

    private mutating func removeTop() {
        let last = storage.removeLast()
        guard !storage.isEmpty else { return }
        storage[0] = last
        siftDown(0)
    }

    /// Sifting works on the raw buffer: slots are moved, never copied, so their timers are not
    /// reference-counted on every step, and keys are compared as (deadline, insertion order).
    private mutating func siftUp(_ start: Int) {
        storage.withUnsafeMutableBufferPointer { slots in
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.key(slots, child) < Self.key(slots, parent) else { return }
                slots.swapAt(child, parent)
                child = parent
            }
        }
    }

    private mutating func siftDown(_ start: Int) {
        storage.withUnsafeMutableBufferPointer { slots in
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
        precondition(liveCount == storage.count(where: \.timer.isWaiting), "live count drifted")
        for slot in storage {
            precondition(slot.deadline == slot.timer.deadline?.nanoseconds && slot.sequence == slot.timer.sequence,
                         "a slot's key differs from its timer's")
        }
    }
}
