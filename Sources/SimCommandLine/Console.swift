import Foundation

/// Where the tool writes: results to standard output, errors and progress to standard error.
enum Console {
    static func out(_ text: String, terminator: String = "\n") {
        FileHandle.standardOutput.write(Data((text + terminator).utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
