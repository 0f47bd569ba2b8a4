import Testing
@testable import Reports

/// The timing page draws each budget limit where the curve must pass, in a colour that says
/// whether it held, and a baseline's curve beside the new one.
@Suite struct HTMLTimingPageTests {
    /// Values 0, 100, …, 10000 at 0%, 1%, …, 100%: p50 is 5000, p95 9500.
    static let linear = (0...100).map { Int64($0) * 100 }

    func page(limits: [HTMLTimingPage.Limit], samples: Int = 1000, baseline: [Int64]? = nil) -> (HTMLTimingPage, HTMLTimingPage.Chart) {
        let chart = HTMLTimingPage.Chart(metric: "waitMs", series: [.init(target: "new-user", quantiles: Self.linear, baseline: baseline, samples: samples)],
                                         limits: limits)
        return (HTMLTimingPage(title: "t", notes: [], charts: [chart]), chart)
    }

    @Test func aLimitIsADiamondAtItsValueAndPercentileWithADropToTheAxis() {
        let limit = HTMLTimingPage.Limit(target: "new-user", percentile: "p95", ms: 9_000, minimumSamples: 400)
        let (page, chart) = page(limits: [limit])
        let scale = page.xMax(chart)
        #expect(scale >= 10_000 * 99 / 100, "the chart reaches past p99")
        let cx = Markup.coordinate(page.x(9_000, scale)), cy = page.y(0.95)
        let mark = page.mark(limit, in: chart, scale: scale)
        #expect(mark.contains("<line x1=\(cx) x2=\(cx) y1=\(Markup.coordinate(cy)) y2=\(Markup.coordinate(page.height - page.bottom))"))
        #expect(mark.contains("d='M\(cx),\(Markup.coordinate(cy - 5)) l5,5 l-5,5 l-5,-5 z'"))
        #expect(mark.contains("#c62828"), "p95 is 9500, over 9000: red")
        #expect(page.verdict(limit, in: chart) == "new-user p95 ≤ 9000: 9500, exceeded")
    }

    @Test func aHeldLimitTakesItsTargetsColourAndAnUnjudgedOneIsGrey() {
        let held = HTMLTimingPage.Limit(target: "new-user", percentile: "p50", ms: 6_000, minimumSamples: 40)
        let (page, chart) = page(limits: [held], samples: 30)
        let scale = page.xMax(chart)
        #expect(page.mark(held, in: chart, scale: scale).contains("#8a93a3"))
        #expect(page.verdict(held, in: chart).hasSuffix("not judged (too few runs)"))
        let (judgedPage, judgedChart) = self.page(limits: [held])
        let mark = judgedPage.mark(held, in: judgedChart, scale: judgedPage.xMax(judgedChart))
        #expect(mark.contains(judgedPage.colour("new-user")) && !mark.contains("#c62828"))
        #expect(judgedPage.verdict(held, in: judgedChart) == "new-user p50 ≤ 6000: 5000, met")
    }

    @Test func limitsAreNamedInTheCaptionSoNoWordsLieOverTheCurves() {
        let limits = ["p50", "p95", "p99", "max"].map { HTMLTimingPage.Limit(target: "new-user", percentile: $0, ms: 9_000) }
        let (page, chart) = page(limits: limits)
        let figure = page.figure(chart)
        let svg = figure.components(separatedBy: "</svg>")[0]
        #expect(!svg.contains("<text") || svg.components(separatedBy: "<text").dropFirst().allSatisfy { $0.hasPrefix(" class=axis") },
                "the only words in the chart are the axes'")
        let caption = figure.components(separatedBy: "<figcaption>").last ?? ""
        for limit in limits { #expect(caption.contains(Markup.escape(page.verdict(limit, in: chart)))) }
    }

    @Test func theTailGetsMoreHeightThanTheFirstHalf() {
        let (page, _) = page(limits: [])
        #expect(page.y(0) > page.y(0.5) && page.y(0.5) > page.y(0.95) && page.y(0.95) > page.y(0.99) && page.y(0.99) > page.y(1))
        #expect(page.y(0.95) - page.y(1) >= page.y(0) - page.y(0.5), "the last 5% of runs get as much height as the first half")
        #expect(HTMLTimingPage.tickStep(78_475) == 20_000 && HTMLTimingPage.time(20_000) == "20 s" && HTMLTimingPage.time(750) == "750 ms")
    }

    @Test func theBaselineIsDashedBesideTheCurveAndThePageNeedsNothingFromOutside() {
        let (page, _) = page(limits: [], baseline: Self.linear.map { $0 / 2 })
        let html = page.html
        #expect(html.contains("stroke-dasharray='5 4'"))
        #expect(html.contains("new-user, baseline: p50 2500"))
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("<link") && !html.contains("url("))
    }
}
