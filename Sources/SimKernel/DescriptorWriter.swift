#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a file descriptor with `write(2)`: a signal's interruption (`EINTR`) tried
/// again, a full non-blocking pipe (`EAGAIN`) waited for, any other error returned, never a trap
/// (`FileHandle.write(_:)` is a `try!` inside Foundation). The one writer the command-line tools
/// share: the simulator's console, `onboarding-mutate`'s progress and `onboarding-bench`'s errors.
public enum DescriptorWriter {
    /// Writes all of `bytes` to `descriptor`; nil when done, else the `errno` that stopped it.
    public static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc)
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #endif
            }
            if result > 0 {
                written += result
                continue
            }
            let error = result < 0 ? errno : EIO
            if error == EINTR { continue }
            if error == EAGAIN || error == EWOULDBLOCK {
                var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&waiting, 1, 1000)
                continue
            }
            return error
        }
        return nil
    }

    /// A line on standard error; a closed or full stream is ignored (there is nowhere to say so).
    public static func errorLine(_ text: String) {
        _ = write(Array((text + "\n").utf8), to: STDERR_FILENO)
    }
}
