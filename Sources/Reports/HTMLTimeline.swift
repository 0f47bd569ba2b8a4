import SimKernel
import AppVocabulary
import Oracles
import Scenarios

/// A self-contained HTML page (no external assets, no scripts) showing one run as a timeline:
/// violation labels on top (laid out so none overlaps another), the route bar with the offline
/// banner, one lane per actor, requests as spans, faults, offline periods shaded, a time axis
/// whose idle gaps are squeezed so short bursts stay readable, a legend, then the violations and
/// the run's narrative with the violations highlighted.
public struct HTMLTimeline {
    public let result: ScenarioResult
    public let title: String
    public let knobs: [String]
    let scale: TimelineScale
    let labels: (placed: [TimelineLabels.Placed], hidden: Int)

    public init(result: ScenarioResult, title: String, knobs: [String] = []) {
        self.result = result
        self.title = title
        self.knobs = knobs
        let end = Double(result.simulation.virtualTime.milliseconds)
        scale = TimelineScale(eventsMs: result.simulation.trace.entries.map { Double($0.time.milliseconds) }
                                  + result.violations.map { Double($0.at.milliseconds) },
                              endMs: end, left: Self.left, width: Self.width)
        let scale = self.scale
        labels = TimelineLabels.layout(result.violations.map { (scale.x(Double($0.at.milliseconds)), $0.oracle) },
                                       rows: Self.labelRows, minX: Self.left, maxX: Self.left + Self.width)
    }

    /// The lanes every app has around its own actors' (`AppPlugin.timelineActors`).
    static let before = [("route", "route"), ("user", "user")]
    static let after = [("network", "network"), ("backend", "backend"), ("device", "device")]
    /// The lanes of this run's app, in order, with their titles: the route and the user, the app's
    /// own actors (by default one, `client`, titled "app"), the network, the backend, the device.
    var laneList: [(lane: String, title: String)] {
        let actors = AppRegistry.plugin(for: result.scenario.app)?.timelineActors ?? [("client", "app")]
        return Self.before + actors + Self.after
    }
    var lanes: [String] { laneList.map(\.lane) }

    func laneTitle(_ lane: String) -> String { laneList.first { $0.lane == lane }?.title ?? lane }
    static let left = 120.0, width = 1240.0, labelRows = 3
    let laneHeight = 34.0
    /// Where the lanes start: below the rows of violation labels.
    var top: Double { 14 + Double(labels.placed.isEmpty ? 1 : (labels.placed.map(\.row).max() ?? 0) + 1) * 15 }
    var left: Double { Self.left }
    var width: Double { Self.width }
    /// More violations than this are counted above the chart and listed in full below it.
    static let listedAbove = 5

    func x(_ time: SimulationInstant) -> Double { scale.x(Double(time.milliseconds)) }

    func y(_ lane: String) -> Double { top + Double(lanes.firstIndex(of: lane) ?? 0) * laneHeight }

    public var html: String {
        let verdict = result.passed ? "<span class=ok>passed</span>" : "<span class=bad>\(result.violations.count) violation(s)</span>"
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1d2330;background:#fff}
            h1{font-size:20px;margin:0 0 4px} h2{font-size:16px;margin:20px 0 6px} .meta{color:#5b6475;margin-bottom:12px} code{font-size:12px}
            .ok{color:#1a7f37;font-weight:600} .bad{color:#c62828;font-weight:600}
            svg{border:1px solid #d8dde6;border-radius:6px;background:#fbfcfe}
            .lane{font-size:12px;fill:#5b6475} .axis{font-size:11px;fill:#8a93a3}
            table{border-collapse:collapse;margin-top:8px;font:12px ui-monospace,monospace} td{padding:1px 10px 1px 0;vertical-align:top}
            tr.v td{color:#b71c1c;background:#fdecea;font-weight:600} li.v{color:#c62828} ul{margin:4px 0 12px}
            .legend{font-size:12px;color:#5b6475;margin:6px 0 0} .legend span{display:inline-block;margin-right:14px}
            .legend i{display:inline-block;width:14px;height:10px;margin-right:4px;vertical-align:-1px;border-radius:2px}
            </style></head><body>
            <h1>\(escape(title))</h1>
            <div class=meta>seed \(result.seed) · mutants \(escape(result.mutants.description)) · \(result.virtualMs) ms virtual · trace <code>\(result.traceHash)</code> · \(verdict)</div>

            """
        if !knobs.isEmpty { page += "<div class=meta>knobs: " + knobs.map(escape).joined(separator: " · ") + "</div>\n" }
        let many = result.violations.count > Self.listedAbove
        if many {
            var counts: [(String, Int)] = []
            for violation in result.violations {
                if let known = counts.firstIndex(where: { $0.0 == violation.oracle }) { counts[known].1 += 1 } else { counts.append((violation.oracle, 1)) }
            }
            page += "<div class=meta><b class=bad>\(result.violations.count) violations</b>: "
                + counts.map { "\(escape($0.0)) \($0.1)" }.joined(separator: " · ") + " (listed below the chart)</div>\n"
        } else if !result.violations.isEmpty {
            page += violationList()
        }
        page += svg() + legend()
        if many { page += "<h2>Violations</h2>" + violationList() }
        page += narrative() + "</body></html>\n"
        return page
    }

    func violationList() -> String {
        "<ul>" + result.violations.map { "<li class=v><b>\(escape($0.oracle))</b> at \($0.at): \(escape($0.message))</li>" }.joined() + "</ul>\n"
    }

    private func legend() -> String {
        let items: [(String, String)] = [
            ("#64b5f6", "onboarding screen"), ("#b0bec5", "loading screen"), ("#66bb6a", "main app"), ("#ff9800", "offline banner"),
            ("#42a5f5", "request answered"), ("#ffa726", "request failed"), ("#e53935", "fault injected"),
            ("#7e57c2", "user action"), ("#455a64", "device event"), ("#26a69a", "backend"), ("#eceff1", "offline"),
            ("#c62828", "violation"),
        ]
        var text = "<div class=legend>" + items.map { "<span><i style='background:\($0.0)'></i>\($0.1)</span>" }.joined()
        if !scale.gaps.isEmpty { text += "<span>⋯ idle time squeezed (its length is written under it)</span>" }
        if labels.hidden > 0 { text += "<span>\(labels.hidden) violation label(s) left to their line (hover it)</span>" }
        return text + "<span>hover any mark for its details</span></div>\n"
    }

    private func narrative() -> String {
        let rows = Narrative.lines(for: result).map { line -> String in
            let cells = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let rest = cells.count > 1 ? String(cells[1].drop { $0 == " " }) : ""
            let cls = rest.hasPrefix("VIOLATION") ? " class=v" : ""
            return "<tr\(cls)><td>\(escape(String(cells.first ?? "")))</td><td>\(escape(rest))</td></tr>"
        }
        return "<h2>Narrative</h2><table>" + rows.joined(separator: "\n") + "</table>\n"
    }

    func fmt(_ value: Double) -> String { Markup.coordinate(value) }

    func escape(_ text: String) -> String { Markup.escape(text) }
}
