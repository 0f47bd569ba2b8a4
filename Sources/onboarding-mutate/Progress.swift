import Foundation
import Mutation

/// One line per finished mutant on standard error: its verdict, where, what caught it, and the
/// time left at the pace so far.
struct Progress {
    let total: Int
    private(set) var done: Int
    private var secondsSpent = 0.0
    private var timed = 0

    init(total: Int, done: Int) {
        self.total = total
        self.done = done
    }

    static func say(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    mutating func finished(_ result: MutantResult) {
        done += 1
        timed += 1
        secondsSpent += result.seconds
        let left = Double(total - done) * secondsSpent / Double(timed)
        var line = "[\(done)/\(total)] \(result.verdict.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) "
            + "\(result.file):\(result.line) \(result.kind)"
        if let killer = result.killer { line += " — \(killer.name) (\(killer.detail))" }
        line += "  " + String(format: "%.1f", result.seconds) + "s, about " + Self.duration(left) + " left"
        Self.say(line)
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60)m\(String(format: "%02d", whole % 60))s" : "\(whole)s"
    }
}
