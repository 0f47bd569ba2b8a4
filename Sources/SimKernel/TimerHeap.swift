/// A binary min-heap of sleepers ordered by (deadline, insertion order).
///
/// Cancelled timers are removed lazily: they stay in the array, marked, until they reach
/// the top, which keeps cancellation O(1). `liveCount` counts only waiting timers.
struct TimerHeap {
    private var storage: [SleepTimer] = []
    private(set) var liveCount = 0

    var isEmpty: Bool { liveCount == 0 }

    mutating func insert(_ timer: SleepTimer) {
        precondition(timer.isWaiting, "only a waiting timer can be parked")
        precondition(timer.deadline != nil, "only a timer with a deadline can be parked")
        storage.append(timer)
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
        return storage.first
    }

    /// Removes and returns the earliest waiting timer.
    mutating func pop() -> SleepTimer? {
        dropCancelledTop()
        guard let top = storage.first else { return nil }
        removeTop()
        top.parked = false
        liveCount -= 1
        precondition(liveCount >= 0, "live timer count went negative")
        return top
    }

    /// Every waiting timer in firing order (for reports; O(n log n)).
    func waitingInOrder() -> [SleepTimer] {
        storage.filter(\.isWaiting).sorted { $0.firesBefore($1) }
    }

    private mutating func dropCancelledTop() {
        while let top = storage.first, !top.isWaiting {
            removeTop()
        }
    }

    private mutating func removeTop() {
        let last = storage.removeLast()
        guard !storage.isEmpty else { return }
        storage[0] = last
        siftDown(0)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard storage[child].firesBefore(storage[parent]) else { return }
            storage.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        let count = storage.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            let right = left + 1
            var smallest = left
            if right < count && storage[right].firesBefore(storage[left]) { smallest = right }
            guard storage[smallest].firesBefore(storage[parent]) else { return }
            storage.swapAt(parent, smallest)
            parent = smallest
        }
    }

    /// O(n) self-check of the heap property, for tests.
    func checkInvariants() {
        for index in storage.indices.dropFirst() {
            let parent = (index - 1) / 2
            precondition(!storage[index].firesBefore(storage[parent]), "heap order broken at \(index)")
        }
        precondition(liveCount == storage.count(where: \.isWaiting), "live count drifted")
    }
}
