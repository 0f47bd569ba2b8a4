import Foundation
import Synchronization

/// The progress of a long run, on standard error (never standard output, so `--json` stays
/// clean): on a terminal one line that redraws itself at most ten times a second with what is
/// done of the total, the rate, the time left and the failures so far; elsewhere (a CI log) one
/// plain line about every ten seconds. Wall time here is the tool's own, never a run's.
final class ProgressLine: Sendable {
    private let verb: String
    private let unit: String
    private let onTerminal: Bool
    private let timer = WallTimer()
    /// When the line was last written (seconds since the start).
    private let lastWritten = Mutex<Double>(-1)

    init(verb: String, unit: String, onTerminal: Bool = Terminal.stderrIsTerminal) {
        self.verb = verb
        self.unit = unit
        self.onTerminal = onTerminal
    }

    /// Called from any worker after each item.
    func update(done: Int, total: Int, failed: Int) {
        let now = timer.seconds
        let due = lastWritten.withLock { last -> Bool in
            let due = onTerminal ? done == total || now - last >= 0.1
                // In a log: a line every ten seconds, and the last one only after others (a
                // short run prints nothing).
                : now - max(last, 0) >= 10 || done == total && last >= 0
            if due { last = now }
            return due
        }
        guard due else { return }
        let text = Self.line(verb: verb, unit: unit, done: done, total: total, failed: failed, seconds: now)
        StreamWriter.standardError(onTerminal ? "\r\u{1B}[K" + text : text + "\n")
    }

    /// Clears the line on a terminal (the report follows).
    func finish() {
        if onTerminal { StreamWriter.standardError("\r\u{1B}[K") }
    }

    /// `explored 25000/60000 seeds  5123/s  about 7s left  2 failed`.
    static func line(verb: String, unit: String, done: Int, total: Int, failed: Int, seconds: Double) -> String {
        var text = "\(verb) \(done)/\(total) \(unit)"
        if seconds >= 0.5, done > 0 {  // a rate from the first moments says nothing
            let rate = Double(done) / seconds
            text += "  \(Int(rate.rounded()))/s"
            if done < total { text += "  about \(Self.duration(Double(total - done) / rate)) left" }
        }
        text += failed == 0 ? "  no failures" : "  \(failed) failed"
        return text
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m\(String(format: "%02d", whole % 60))s" }
        return "\(whole / 3600)h\(String(format: "%02d", whole / 60 % 60))m"
    }
}
