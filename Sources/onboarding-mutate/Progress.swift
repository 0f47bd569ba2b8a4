import Foundation
import Mutation
import SimKernel

/// One line per finished mutant on standard error: its verdict, where, what caught it, and the
/// time left at the pace so far.
struct Progress {
    let total: Int
    private(set) var done: Int
    /// Seconds spent and mutants finished, of those switched in the shared build and of those
    /// built one by one: the two take very different times.
    private var spent = (switched: 0.0, oneByOne: 0.0)
    private var finished = (switched: 0, oneByOne: 0)
    private var left = (switched: 0, oneByOne: 0)

    init(total: Int, done: Int) {
        self.total = total
        self.done = done
        left.oneByOne = total - done
    }

    /// A line on standard error; a closed or full stream is ignored (there is nowhere to say
    /// so), never a trap as `FileHandle.write(_:)` would be.
    static func say(_ line: String) {
        DescriptorWriter.errorLine(line)
    }

    /// How many of the mutants left are switched in the shared build, and how many built one by one.
    mutating func plan(switched: Int, oneByOne: Int) {
        left = (switched, oneByOne)
    }

    mutating func finished(_ result: MutantResult, switched: Bool) {
        done += 1
        if switched {
            finished.switched += 1
            spent.switched += result.seconds
            left.switched = max(0, left.switched - 1)
        } else {
            finished.oneByOne += 1
            spent.oneByOne += result.seconds
            left.oneByOne = max(0, left.oneByOne - 1)
        }
        let switchedPace = finished.switched > 0 ? spent.switched / Double(finished.switched) : 1
        // Before the first one built alone: about 7 s of build on top of the checks.
        let oneByOnePace = finished.oneByOne > 0 ? spent.oneByOne / Double(finished.oneByOne) : switchedPace + 7
        let estimate = Double(left.switched) * switchedPace + Double(left.oneByOne) * oneByOnePace
        var line = "[\(done)/\(total)] \(result.verdict.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) "
            + "\(result.file):\(result.line) \(result.kind)"
        if let killer = result.killer { line += " — \(killer.name) (\(killer.detail))" }
        line += "  " + String(format: "%.1f", result.seconds) + "s, about " + Self.duration(estimate) + " left"
        Self.say(line)
    }

    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return whole >= 60 ? "\(whole / 60)m\(String(format: "%02d", whole % 60))s" : "\(whole)s"
    }
}
