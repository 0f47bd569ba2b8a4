import Foundation

/// Where the tool writes: results to standard output, errors and progress to standard error,
/// each through `StreamWriter` (a full disk or a closed stream is an error, never a trap).
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        StreamWriter.standardOutput(Escaped.lines(text) + terminator)
    }

    static func error(_ text: String) {
        StreamWriter.standardError(Escaped.lines(text) + "\n")
    }
}
