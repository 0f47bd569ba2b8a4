/// A growable FIFO ring buffer: O(1) push and pop with no per-element allocation.
struct RingBuffer<Element> {
    private var slots: [Element?]
    private var head = 0
    private(set) var count = 0

    init(capacity: Int = 64) {
        precondition(capacity > 0, "a ring buffer needs room for one element")
        slots = Array(repeating: nil, count: capacity)
    }

    var isEmpty: Bool { count == 0 }

    mutating func push(_ element: Element) {
        if count == slots.count { grow() }
        slots[(head + count) % slots.count] = element
        count += 1
    }

    mutating func pop() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        return element
    }

    private mutating func grow() {
        var larger: [Element?] = Array(repeating: nil, count: slots.count * 2)
        for offset in 0..<count { larger[offset] = slots[(head + offset) % slots.count] }
        slots = larger
        head = 0
    }
}
