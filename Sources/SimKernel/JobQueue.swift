/// A growable FIFO ring buffer: O(1) push and pop with no per-element allocation.
///
/// Its slots are one buffer it owns (so it cannot be copied), a power of two in size: a push and
/// a pop move the element in and out with a mask for the index, and no array's uniqueness check
/// or optional slot to clear (every job and step of a run passes through one).
struct RingBuffer<Element>: ~Copyable {
    private var slots: UnsafeMutablePointer<Element>
    private var capacity: Int
    private var head = 0
    private(set) var count = 0

    /// - Parameter capacity: the first size, a power of two; the buffer doubles when full.
    init(capacity: Int = 64) {
        precondition(capacity > 0 && capacity & (capacity - 1) == 0, "a ring buffer's capacity is a power of two")
        slots = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        for offset in 0..<count { (slots + ((head + offset) & (capacity - 1))).deinitialize(count: 1) }
        slots.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (slots + ((head + count) & (capacity - 1))).initialize(to: element)
        count += 1
    }

    mutating func pop() -> Element? {
        guard count > 0 else { return nil }
        let element = (slots + head).move()
        head = (head + 1) & (capacity - 1)
        count -= 1
        return element
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        for offset in 0..<count {
            (larger + offset).moveInitialize(from: slots + ((head + offset) & (capacity - 1)), count: 1)
        }
        slots.deallocate()
        slots = larger
        head = 0
        capacity *= 2
    }
}
