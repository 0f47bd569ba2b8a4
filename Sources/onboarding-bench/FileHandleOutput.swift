import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum FileHandleOutput {
    /// A line on standard error with `write(2)`: a closed or full stream is ignored, never a trap
    /// as `FileHandle.write(_:)` would be.
    static func error(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress! + written, $0.count - written) }
            if result > 0 { written += result } else if result < 0 && errno == EINTR { continue } else { return }
        }
    }
}
