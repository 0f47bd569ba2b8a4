/// A self-contained HTML page (no external assets, no scripts) of an exploration's timing: per
/// metric, the distribution of each target as a cumulative curve (the share of runs at or under
/// each time), the baseline's curve dashed beside it, and every budget limit drawn where the
/// curve must pass: left of the mark at the limit's percentile.
///
/// ```swift
/// let page = HTMLTimingPage(title: "explore --seeds 10000", notes: [], charts: [chart])
/// try page.html.write(toFile: "timing.html", atomically: true, encoding: .utf8)
/// ```
public struct HTMLTimingPage {
    /// One target's values of a metric at 0%, 1%, …, 100%, and the baseline's when given.
    public struct Series: Sendable {
        public let target: String
        public let quantiles: [Int64]
        public let baseline: [Int64]?
        /// How many values the quantiles are of (nil: unknown).
        public let samples: Int?

        public init(target: String, quantiles: [Int64], baseline: [Int64]? = nil, samples: Int? = nil) {
            self.target = target
            self.quantiles = quantiles
            self.baseline = baseline?.count == 101 ? baseline : nil
            self.samples = samples
        }

        /// The value at `fraction` (0 to 1), nearest rank as the quantiles hold it.
        func value(at fraction: Double) -> Int64 { quantiles[min(quantiles.count - 1, Int((fraction * 100).rounded()))] }
    }

    /// A budget limit: at most `ms` at `percentile` (p50, p95, p99, max) for `target`.
    public struct Limit: Sendable {
        public let target: String
        public let percentile: String
        public let ms: Int64
        /// Fewer values than this leave the limit unjudged.
        public let minimumSamples: Int

        public init(target: String, percentile: String, ms: Int64, minimumSamples: Int = 1) {
            self.target = target
            self.percentile = percentile
            self.ms = ms
            self.minimumSamples = minimumSamples
        }

        var fraction: Double {
            switch percentile {
            case "p50": 0.5
            case "p95": 0.95
            case "p99": 0.99
            default: 1
            }
        }
    }

    public struct Chart: Sendable {
        public let metric: String
        public let series: [Series]
        public let limits: [Limit]

        public init(metric: String, series: [Series], limits: [Limit]) {
            self.metric = metric
            self.series = series.filter { $0.quantiles.count == 101 }
            self.limits = limits
        }
    }

    public let title: String
    public let notes: [String]
    public let charts: [Chart]

    public init(title: String, notes: [String], charts: [Chart]) {
        self.title = title
        self.notes = notes
        self.charts = charts
    }

    static let palette = ["#1f6feb", "#d9480f", "#2b8a3e", "#9c36b5", "#0b7285", "#5c940d", "#c2255c"]
    static let allColour = "#1d2330"
    let width = 560.0, height = 250.0, left = 52.0, right = 16.0, top = 16.0, bottom = 34.0

    /// The targets in the order of their first appearance, each with its colour.
    var targets: [String] {
        var names: [String] = []
        for chart in charts { for series in chart.series where !names.contains(series.target) { names.append(series.target) } }
        return names
    }

    func colour(_ target: String) -> String {
        target == "all" ? Self.allColour : Self.palette[(targets.firstIndex(of: target) ?? 0) % Self.palette.count]
    }

    public var html: String {
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Markup.escape(title))</title>
            <style>
            body{font:14px/1.4 -apple-system,system-ui,sans-serif;margin:24px;color:#1d2330;background:#fff}
            h1{font-size:20px;margin:0 0 4px} h2{font-size:15px;margin:0 0 4px} .meta{color:#5b6475;margin-bottom:8px}
            .charts{display:flex;flex-wrap:wrap;gap:16px} figure{margin:0}
            svg{border:1px solid #d8dde6;border-radius:6px;background:#fbfcfe}
            .axis{font-size:11px;fill:#8a93a3} .label{font-size:11px} .bad{fill:#c62828;font-weight:600} .muted{fill:#8a93a3}
            .legend span{display:inline-block;margin-right:14px} .swatch{display:inline-block;width:18px;height:3px;vertical-align:middle;margin-right:4px}
            figcaption{font-size:12px;color:#5b6475;max-width:560px}
            </style></head><body>
            <h1>\(Markup.escape(title))</h1>

            """
        for note in notes { page += "<div class=meta>\(Markup.escape(note))</div>\n" }
        page += "<div class='meta legend'>" + targets.map {
            "<span><i class=swatch style='background:\(colour($0))'></i>\(Markup.escape($0))</span>"
        }.joined() + "<span>dashed: baseline</span><span>◆ budget limit: the curve must pass left of it (red: exceeded, grey: too few runs to judge)</span></div>\n"
        page += "<div class=charts>\n" + charts.map(figure).joined(separator: "\n") + "\n</div></body></html>\n"
        return page
    }

    /// One metric's chart and its caption.
    func figure(_ chart: Chart) -> String {
        let scale = xMax(chart)
        var shapes = axes(scale)
        for series in chart.series {
            if let baseline = series.baseline, baseline.count == 101 {
                shapes.append(curve(baseline, scale: scale, colour: colour(series.target), dashed: true, title: "\(series.target), baseline"))
            }
            shapes.append(curve(series.quantiles, scale: scale, colour: colour(series.target), dashed: false, title: series.target))
        }
        for limit in chart.limits { shapes.append(mark(limit, in: chart, scale: scale)) }
        let beyond = chart.series.map { $0.quantiles[100] }.max() ?? 0
        var caption = beyond > scale ? " Curves leave the chart at \(Self.time(scale)); the largest value is \(Self.time(beyond))." : ""
        if !chart.limits.isEmpty {
            caption += "<br>" + chart.limits.map { limit in
                let (judged, exceeded, _) = judgement(limit, in: chart)
                let style = exceeded ? "bad" : judged ? "held" : "muted"
                return "<span class=\(style) style='color:\(exceeded ? "#c62828" : judged ? colour(limit.target) : "#8a93a3")'>◆ \(Markup.escape(verdict(limit, in: chart)))</span>"
            }.joined(separator: " · ")
        }
        return """
            <figure><h2>\(Markup.escape(chart.metric))</h2>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Markup.coordinate(width))" height="\(Markup.coordinate(height))" role="img" aria-label="\(Markup.escape(chart.metric)) distribution">
            \(shapes.joined(separator: "\n"))
            </svg><figcaption>Share of runs (or launches) at or under each time.\(caption)</figcaption></figure>
            """
    }

    /// The largest time drawn: past every target's p99 and every limit that is not far beyond them.
    func xMax(_ chart: Chart) -> Int64 {
        let p99 = chart.series.flatMap { [$0.quantiles[99]] + ($0.baseline.map { [$0[99]] } ?? []) }.max() ?? 0
        let limits = chart.limits.map(\.ms).filter { $0 <= max(p99, 1) * 3 }
        return max(1, Int64((Double(([p99] + limits).max() ?? 0) * 1.08).rounded(.up)))
    }

    func x(_ ms: Int64, _ scale: Int64) -> Double { left + Double(min(ms, scale)) / Double(scale) * (width - left - right) }
    /// Where a share of runs sits: the scale widens the tail (50–95%, 95–99%, 99–100%), where
    /// budgets are, instead of giving the first half of the runs half the height.
    func y(_ fraction: Double) -> Double {
        let knots: [(fraction: Double, height: Double)] = [(0, 0), (0.5, 0.3), (0.95, 0.7), (0.99, 0.88), (1, 1)]
        let clamped = min(1, max(0, fraction))
        let upper = knots.firstIndex { $0.fraction >= clamped } ?? knots.count - 1
        let lower = knots[max(0, upper - 1)], high = knots[upper]
        let share = high.fraction == lower.fraction ? high.height
            : lower.height + (clamped - lower.fraction) / (high.fraction - lower.fraction) * (high.height - lower.height)
        return height - bottom - share * (height - top - bottom)
    }

    func axes(_ scale: Int64) -> [String] {
        var shapes = ["<rect x=\(Markup.coordinate(left)) y=\(Markup.coordinate(top)) width=\(Markup.coordinate(width - left - right)) height=\(Markup.coordinate(height - top - bottom)) fill=none stroke='#d8dde6'/>"]
        for fraction in [0.0, 0.5, 0.95, 0.99, 1.0] {
            shapes.append("<line x1=\(Markup.coordinate(left)) x2=\(Markup.coordinate(width - right)) y1=\(Markup.coordinate(y(fraction))) y2=\(Markup.coordinate(y(fraction))) stroke='#eef1f5'/>")
            shapes.append("<text class=axis x=\(Markup.coordinate(left - 6)) y=\(Markup.coordinate(y(fraction) + 4)) text-anchor=end>\(Int((fraction * 100).rounded()))%</text>")
        }
        let step = Self.tickStep(scale)
        for ms in stride(from: Int64(0), through: scale, by: Int(step)) {
            shapes.append("<text class=axis x=\(Markup.coordinate(x(ms, scale))) y=\(Markup.coordinate(height - bottom + 16)) text-anchor=middle>\(Self.time(ms))</text>")
        }
        return shapes
    }

    /// A round step (1, 2 or 5 times a power of ten) that puts three to six ticks on the axis.
    static func tickStep(_ scale: Int64) -> Int64 {
        var magnitude: Int64 = 1
        while magnitude * 10 <= scale / 4 { magnitude *= 10 }
        return [1, 2, 5, 10].map { $0 * magnitude }.first { scale / $0 <= 6 } ?? magnitude * 10
    }

    /// `750 ms`, `20 s`, `2.5 s`.
    static func time(_ ms: Int64) -> String {
        guard ms >= 1000 else { return "\(ms) ms" }
        return ms % 1000 == 0 ? "\(ms / 1000) s" : String(format: "%.1f s", Double(ms) / 1000)
    }

    /// The cumulative curve of the values at 0%, 1%, …, 100%, as steps.
    func curve(_ quantiles: [Int64], scale: Int64, colour: String, dashed: Bool, title: String) -> String {
        var path = "M\(Markup.coordinate(x(quantiles[0], scale))),\(Markup.coordinate(y(0)))"
        for (percent, value) in quantiles.enumerated() {
            path += " H\(Markup.coordinate(x(value, scale))) V\(Markup.coordinate(y(Double(percent) / 100)))"
        }
        let dash = dashed ? " stroke-dasharray='5 4' opacity=0.7" : ""
        return "<path d='\(path)' fill=none stroke='\(colour)' stroke-width=\(dashed ? "1.5" : "2")\(dash)><title>\(Markup.escape(title)): p50 \(quantiles[50]), p95 \(quantiles[95]), p99 \(quantiles[99]), max \(quantiles[100]) ms</title></path>"
    }

    /// A limit's mark: a diamond at (limit, percentile) with a dashed drop to the axis; its words
    /// are in the caption, so no label lies over a curve or another label.
    func mark(_ limit: Limit, in chart: Chart, scale: Int64) -> String {
        let (judged, exceeded, _) = judgement(limit, in: chart)
        let colour = !judged ? "#8a93a3" : exceeded ? "#c62828" : self.colour(limit.target)
        let cx = x(limit.ms, scale), cy = y(limit.fraction)
        return """
            <g><title>\(Markup.escape(verdict(limit, in: chart))) ms</title><line x1=\(Markup.coordinate(cx)) x2=\(Markup.coordinate(cx)) y1=\(Markup.coordinate(cy)) y2=\(Markup.coordinate(height - bottom)) stroke='\(colour)' stroke-dasharray='2 3'/>
            <path d='M\(Markup.coordinate(cx)),\(Markup.coordinate(cy - 5)) l5,5 l-5,5 l-5,-5 z' fill='\(colour)'/></g>
            """
    }

    /// Whether a limit was judged, and held: in its target's colour, red when exceeded, grey unjudged.
    func judgement(_ limit: Limit, in chart: Chart) -> (judged: Bool, exceeded: Bool, measured: Int64?) {
        let series = chart.series.first { $0.target == limit.target }
        let measured = series?.value(at: limit.fraction)
        let judged = series != nil && (series?.samples ?? Int.max) >= limit.minimumSamples
        return (judged, judged && (measured ?? 0) > limit.ms, measured)
    }

    /// `new-user p95 ≤ 9000: 9500, exceeded`.
    func verdict(_ limit: Limit, in chart: Chart) -> String {
        let (judged, exceeded, measured) = judgement(limit, in: chart)
        let outcome = !judged ? "not judged (too few runs)" : exceeded ? "\(measured ?? 0), exceeded" : "\(measured ?? 0), met"
        return "\(limit.target) \(limit.percentile) ≤ \(limit.ms): \(outcome)"
    }
}
