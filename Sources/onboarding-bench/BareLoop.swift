/// A plain discrete-event loop of closures: the baseline the kernel is measured against.
/// A ready queue of closures and a timer heap ordered by (deadline, insertion order),
/// like the kernel's, with none of the async machinery.
final class BareLoop {
    private var ready: [() -> Void] = []
    private var readyHead = 0
    private var timers: [(deadline: Int64, sequence: Int, action: () -> Void)] = []
    private var sequence = 0
    private(set) var now: Int64 = 0
    private(set) var stepsRun = 0

    func enqueue(_ action: @escaping () -> Void) { ready.append(action) }

    /// Empties the loop for another run, keeping its storage (as a long-lived event loop would).
    func reset() {
        ready.removeAll(keepingCapacity: true)
        readyHead = 0
        timers.removeAll(keepingCapacity: true)
        sequence = 0
        now = 0
        stepsRun = 0
    }

    func schedule(after delay: Int64, _ action: @escaping () -> Void) {
        sequence += 1
        timers.append((now + delay, sequence, action))
        var child = timers.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard earlier(child, parent) else { break }
            timers.swapAt(child, parent)
            child = parent
        }
    }

    func run(steps: Int) {
        while stepsRun < steps {
            if readyHead < ready.count {
                let action = ready[readyHead]
                readyHead += 1
                if readyHead > 1024 { ready.removeFirst(readyHead); readyHead = 0 }
                stepsRun += 1
                action()
            } else if let next = popTimer() {
                now = max(now, next.deadline)
                enqueue(next.action)
            } else {
                return
            }
        }
    }

    private func earlier(_ lhs: Int, _ rhs: Int) -> Bool {
        (timers[lhs].deadline, timers[lhs].sequence) < (timers[rhs].deadline, timers[rhs].sequence)
    }

    private func popTimer() -> (deadline: Int64, sequence: Int, action: () -> Void)? {
        guard !timers.isEmpty else { return nil }
        timers.swapAt(0, timers.count - 1)
        let top = timers.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < timers.count && earlier(left, smallest) { smallest = left }
            if right < timers.count && earlier(right, smallest) { smallest = right }
            if smallest == parent { break }
            timers.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}

/// A player of the bare ping-pong: wakes on a timer, pokes the other player, sleeps again.
final class BarePlayer {
    private(set) var received = 0

    func start(loop: BareLoop, other: BarePlayer) {
        loop.enqueue { [unowned self] in self.turn(loop: loop, other: other) }
    }

    private func turn(loop: BareLoop, other: BarePlayer) {
        loop.schedule(after: 1_000_000) { [unowned self] in
            loop.enqueue { other.receive() }
            self.turn(loop: loop, other: other)
        }
    }

    func receive() { received += 1 }
}
