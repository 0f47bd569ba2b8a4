#if canImport(Glibc)
import Glibc
#endif

/// A driving thread's stacks, for `CrashNotice`: an alternate signal stack of its own, so that a
/// crash handler can run when the thread's stack is spent, and where that stack ends, so that a
/// fault on its guard page is told as a stack overflow.
///
/// Each thread is prepared once (`prepareThisThread`); what it holds is freed when the thread
/// ends. Linux only; elsewhere nothing is done.
enum ThreadStack {
    /// Enough for the crash notice's text (formatting, the trace's last lines), with room.
    static let alternateSize = 1 << 20
    /// How far below the stack's lowest address a fault still counts as on its guard page.
    static let guardReach: UInt = 1 << 16

    #if canImport(Glibc)
    /// What a prepared thread holds: its alternate stack and the lowest address of its stack.
    struct Prepared {
        var alternate: UnsafeMutableRawPointer
        var stackLow: UInt
    }

    /// The key of each thread's `Prepared`, freed with the thread.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let made = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            let prepared = pointer.assumingMemoryBound(to: Prepared.self)
            var off = stack_t()
            off.ss_flags = Int32(SS_DISABLE)
            sigaltstack(&off, nil)
            munmap(prepared.pointee.alternate, ThreadStack.alternateSize)
            prepared.deallocate()
        }
        precondition(made == 0, "no thread-specific key for the crash notice's stacks (\(made))")
        return key
    }()

    /// Glibc's `pthread_getattr_np` (a GNU extension the Swift module does not show), found at
    /// run time: where a thread's stack lies.
    typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    static let getAttributes: GetAttributes? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif

    /// Gives the calling thread its alternate signal stack, once, and notes where its stack ends.
    static func prepareThisThread() {
        #if canImport(Glibc)
        guard pthread_getspecific(key) == nil else { return }
        guard let memory = mmap(nil, alternateSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
              memory != MAP_FAILED else { return }
        var alternate = stack_t()
        alternate.ss_sp = memory
        alternate.ss_size = alternateSize
        alternate.ss_flags = 0
        guard sigaltstack(&alternate, nil) == 0 else {
            munmap(memory, alternateSize)
            return
        }
        var low: UInt = 0
        var attributes = pthread_attr_t()
        if let getAttributes, getAttributes(pthread_self(), &attributes) == 0 {
            var base: UnsafeMutableRawPointer?
            var size = 0
            if pthread_attr_getstack(&attributes, &base, &size) == 0, let base { low = UInt(bitPattern: base) }
            pthread_attr_destroy(&attributes)
        }
        let prepared = UnsafeMutablePointer<Prepared>.allocate(capacity: 1)
        prepared.initialize(to: Prepared(alternate: memory, stackLow: low))
        pthread_setspecific(key, prepared)
        #endif
    }

    /// Whether `address` is on the guard page below the calling thread's stack (or just above its
    /// end): a fault there is the stack running out. Safe in a signal handler (no allocation).
    static func isGuardPage(_ address: UInt) -> Bool {
        #if canImport(Glibc)
        guard address != 0, let pointer = pthread_getspecific(key) else { return false }
        let low = pointer.assumingMemoryBound(to: Prepared.self).pointee.stackLow
        guard low != 0 else { return false }
        return address >= low &- min(low, guardReach) && address < low &+ guardReach
        #else
        return false
        #endif
    }
}
