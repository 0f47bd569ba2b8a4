import SimKernel
import OnboardingModel
import Oracles
import Scenarios

/// A self-contained HTML page (no external assets, no scripts) showing one run as a timeline:
/// the route bar on top, one lane per actor, requests as spans, faults and violations marked,
/// a virtual-time axis, then the run's narrative.
public struct HTMLTimeline {
    public let result: ScenarioResult
    public let title: String
    public let knobs: [String]

    public init(result: ScenarioResult, title: String, knobs: [String] = []) {
        self.result = result
        self.title = title
        self.knobs = knobs
    }

    static let lanes = ["route", "user", "client", "sync-queue", "otp-timer", "network", "backend", "device"]
    static let laneTitles = ["route": "route", "user": "user", "client": "client store", "sync-queue": "sync queue",
                             "otp-timer": "OTP timer", "network": "network", "backend": "backend", "device": "device"]
    let left = 120.0, width = 1240.0, laneHeight = 34.0, top = 30.0

    var endMs: Double { max(1, Double(result.simulation.virtualTime.milliseconds)) }

    func x(_ time: SimulationInstant) -> Double { left + Double(time.milliseconds) / endMs * width }

    func y(_ lane: String) -> Double { top + Double(Self.lanes.firstIndex(of: lane) ?? 0) * laneHeight }

    public var html: String {
        let verdict = result.passed ? "<span class=ok>passed</span>" : "<span class=bad>\(result.violations.count) violation(s)</span>"
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
            <style>
            body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1d2330;background:#fff}
            h1{font-size:20px;margin:0 0 4px} .meta{color:#5b6475;margin-bottom:12px} code{font-size:12px}
            .ok{color:#1a7f37;font-weight:600} .bad{color:#c62828;font-weight:600}
            svg{border:1px solid #d8dde6;border-radius:6px;background:#fbfcfe}
            .lane{font-size:12px;fill:#5b6475} .axis{font-size:11px;fill:#8a93a3}
            table{border-collapse:collapse;margin-top:16px;font:12px ui-monospace,monospace} td{padding:1px 10px 1px 0;vertical-align:top}
            .v{color:#c62828} ul{margin:4px 0 12px}
            </style></head><body>
            <h1>\(escape(title))</h1>
            <div class=meta>seed \(result.seed) · mutants \(escape(result.mutants.description)) · \(result.virtualMs) ms virtual · trace <code>\(result.traceHash)</code> · \(verdict)</div>
            """
        if !knobs.isEmpty { page += "<div class=meta>knobs: " + knobs.map(escape).joined(separator: " · ") + "</div>\n" }
        if !result.violations.isEmpty {
            page += "<ul>" + result.violations.map { "<li class=v><b>\(escape($0.oracle))</b> at \($0.at): \(escape($0.message))</li>" }.joined() + "</ul>\n"
        }
        page += svg() + narrative() + "</body></html>\n"
        return page
    }

    private func svg() -> String {
        let height = top + Double(Self.lanes.count) * laneHeight + 30
        var shapes: [String] = []
        for lane in Self.lanes {
            shapes.append("<text class=lane x=8 y=\(fmt(y(lane) + 21))>\(Self.laneTitles[lane]!)</text>")
            shapes.append("<line x1=\(fmt(left)) x2=\(fmt(left + width)) y1=\(fmt(y(lane) + laneHeight)) y2=\(fmt(y(lane) + laneHeight)) stroke='#e6e9ef'/>")
        }
        shapes += axis(height: height) + routeBar() + requestSpans() + eventMarks() + violationMarks(height: height)
        return "<svg xmlns='http://www.w3.org/2000/svg' width=\(fmt(left + width + 20)) height=\(fmt(height)) role=img aria-label='timeline'>\n"
            + shapes.joined(separator: "\n") + "\n</svg>\n"
    }

    private func axis(height: Double) -> [String] {
        let steps = [100.0, 250, 500, 1000, 2000, 5000, 10000, 15000, 30000, 60000, 120000, 300000, 600000]
        let step = steps.first { endMs / $0 <= 12 } ?? 1_200_000
        var marks: [String] = []
        var tick = 0.0
        while tick <= endMs {
            let position = left + tick / endMs * width
            marks.append("<line x1=\(fmt(position)) x2=\(fmt(position)) y1=\(fmt(top)) y2=\(fmt(height - 24)) stroke='#eef0f4'/>")
            marks.append("<text class=axis x=\(fmt(position - 10)) y=\(fmt(height - 8))>\(tick >= 1000 ? "\(fmt(tick / 1000))s" : "\(Int(tick))ms")</text>")
            tick += step
        }
        return marks
    }

    private func routeBar() -> [String] {
        var segments: [(start: SimulationInstant, screen: ScreenState)] = []
        for entry in result.simulation.trace.entries {
            guard case .screen(let state)? = entry.record as? ModelEvent else { continue }
            if segments.last.map({ $0.screen.route != state.route || ($0.screen.loadingScreen == nil) != (state.loadingScreen == nil) }) ?? true {
                segments.append((entry.time, state))
            }
        }
        return segments.enumerated().compactMap { position, segment in
            guard let route = segment.screen.route else { return nil }
            let end = position + 1 < segments.count ? segments[position + 1].start : result.simulation.virtualTime
            let start = x(segment.start), span = max(2, x(end) - start)
            // Neighbouring onboarding steps alternate shades so their boundaries show.
            let colour = segment.screen.loadingScreen != nil ? "#b0bec5" : route == .main ? "#66bb6a"
                : route == .launch ? "#90a4ae" : position.isMultiple(of: 2) ? "#64b5f6" : "#90caf9"
            let label = route.description.replacingOccurrences(of: "onboarding(", with: "").replacingOccurrences(of: ")", with: "")
            // About 6.5 px a character at 11 px: only labels that fit are drawn (hover shows the rest).
            let fits = Double(label.count) * 6.5 + 6 <= span
            let text = fits ? "<text x=\(fmt(start + 3)) y=\(fmt(y("route") + 21)) font-size=11 fill='#0d1b2a'>\(escape(label))</text>" : ""
            return "<g><title>\(escape(route.description)) from \(segment.start)\(segment.screen.loadingScreen.map { " (loading \($0))" } ?? "")</title>"
                + "<rect x=\(fmt(start)) y=\(fmt(y("route") + 6)) width=\(fmt(span)) height=22 rx=3 fill='\(colour)'/>\(text)</g>"
        }
    }

    private func requestSpans() -> [String] {
        var open: [Int: (SimulationInstant, Endpoint)] = [:]  // looked up by id, never iterated
        var faulted: [Int] = []
        var shapes: [String] = []
        for entry in result.simulation.trace.entries {
            guard let event = entry.record as? ModelEvent else { continue }
            switch event {
            case .requestSent(let id, _, let endpoint): open[id] = (entry.time, endpoint)
            case .faultApplied(let id, _, let fault):
                faulted.append(id)
                shapes.append("<g><title>fault on #\(id): \(escape(fault))</title><path d='M\(fmt(x(entry.time))) \(fmt(y("network") + 4)) l5 8 l-10 0 z' fill='#e53935'/></g>")
            case .responseReceived(let id, let endpoint, let outcome):
                guard let (start, _) = open.removeValue(forKey: id) else { continue }
                let colour = outcome == "ok" ? "#42a5f5" : faulted.contains(id) ? "#e53935" : "#ffa726"
                let left = x(start), span = max(2, x(entry.time) - left)
                shapes.append("<g><title>#\(id) \(endpoint.rawValue): \(escape(outcome)) (\(start) to \(entry.time))</title>"
                              + "<rect x=\(fmt(left)) y=\(fmt(y("network") + 14 + Double(id % 3) * 5)) width=\(fmt(span)) height=4 fill='\(colour)'/></g>")
            default: break
            }
        }
        return shapes
    }

    private func eventMarks() -> [String] {
        result.simulation.trace.entries.compactMap { entry in
            guard let event = entry.record as? ModelEvent, Self.lanes.contains(event.lane), event.lane != "network" else { return nil }
            if case .screen = event { return nil }
            let colour = event.lane == "user" ? "#7e57c2" : event.lane == "device" ? "#455a64" : event.lane == "backend" ? "#26a69a" : "#8d6e63"
            return "<g><title>\(entry.time) \(escape(entry.text))</title><rect x=\(fmt(x(entry.time) - 1)) y=\(fmt(y(event.lane) + 9)) width=3 height=16 fill='\(colour)'/></g>"
        }
    }

    private func violationMarks(height: Double) -> [String] {
        result.violations.map { violation in
            let position = fmt(x(violation.at))
            // Labels near the right edge end at the line instead of starting there.
            let anchor = x(violation.at) > left + width * 0.8 ? "end" : "start"
            return "<g><title>\(escape(violation.oracle)): \(escape(violation.message))</title>"
                + "<line x1=\(position) x2=\(position) y1=\(fmt(top)) y2=\(fmt(height - 24)) stroke='#c62828' stroke-width=2 stroke-dasharray='4 3'/>"
                + "<text x=\(position) y=\(fmt(top - 8)) font-size=11 fill='#c62828' text-anchor=\(anchor)>⚠ \(escape(violation.oracle))</text></g>"
        }
    }

    private func narrative() -> String {
        let rows = Narrative.lines(for: result).map { line -> String in
            let cells = line.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            let rest = cells.count > 1 ? String(cells[1]) : ""
            let cls = rest.hasPrefix("VIOLATION") ? " class=v" : ""
            return "<tr\(cls)><td>\(escape(String(cells.first ?? "")))</td><td>\(escape(rest))</td></tr>"
        }
        return "<h2 style='font-size:16px;margin-top:20px'>Narrative</h2><table>" + rows.joined(separator: "\n") + "</table>\n"
    }

    func fmt(_ value: Double) -> String { Markup.coordinate(value) }

    func escape(_ text: String) -> String { Markup.escape(text) }
}
