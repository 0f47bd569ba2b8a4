#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Identifies OS threads, so the kernel can insist that one thread drives a run.
enum DriverThread {
    /// An identifier of the calling thread, never zero.
    static var current: UInt {
        #if canImport(Darwin)
        return UInt(bitPattern: pthread_self())
        #else
        return UInt(pthread_self())
        #endif
    }
}
