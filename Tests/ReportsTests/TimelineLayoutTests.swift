import Testing
@testable import Reports

/// The run timeline's geometry: labels never overlap, many violations collapse into counts, and
/// idle time is squeezed so that short bursts get room.
@Suite struct TimelineLayoutTests {
    /// Every pair of labels in one row is apart.
    func overlaps(_ placed: [TimelineLabels.Placed]) -> Bool {
        for (index, one) in placed.enumerated() {
            for other in placed[(index + 1)...] where one.row == other.row {
                if one.left < other.left + other.width && other.left < one.left + one.width { return true }
            }
        }
        return false
    }

    @Test func twoViolationsAtOneInstantShareOneLabelAndNothingOverlaps() {
        let layout = TimelineLabels.layout([(500, "noSilentDeadEnd"), (500, "failuresSurface")], rows: 3, minX: 120, maxX: 1360)
        #expect(layout.placed.count == 1 && layout.placed[0].text == "⚠ 2 violations" && layout.hidden == 0)
        #expect(!overlaps(layout.placed))
    }

    @Test func twentySevenViolationsCollapseIntoCountsThatNeverOverlap() {
        let spread = (0..<27).map { (120 + Double($0) * 9, $0.isMultiple(of: 3) ? "failuresSurface" : "noSilentDeadEnd") }
        let layout = TimelineLabels.layout(spread, rows: 3, minX: 120, maxX: 1360)
        #expect(!overlaps(layout.placed))
        #expect(layout.placed.count < 27, "counted, not one label each")
        #expect(layout.placed.reduce(0) { $0 + $1.members.count } + layout.hidden == 27, "every violation is in a label or counted")
        let burst = TimelineLabels.layout((0..<27).map { _ in (1300.0, "noSilentDeadEnd") }, rows: 3, minX: 120, maxX: 1360)
        #expect(burst.placed.map(\.text) == ["⚠ 27× noSilentDeadEnd"])
        #expect(burst.placed[0].left + burst.placed[0].width <= 1360, "kept inside the chart")
    }

    @Test func seededLabelsNeverOverlapAndStayInside() {
        var state: UInt64 = 42
        func next(_ bound: Int) -> Int { state = state &* 6364136223846793005 &+ 1442695040888963407; return Int(state >> 33) % bound }
        for _ in 0..<200 {
            let labels = (0..<next(40)).map { _ in (Double(120 + next(1240)), ["a", "noSilentDeadEnd", "expect.finalRoute"][next(3)]) }
            let layout = TimelineLabels.layout(labels, rows: 3, minX: 120, maxX: 1360)
            #expect(!overlaps(layout.placed))
            #expect(layout.placed.allSatisfy { $0.left >= 120 && $0.left + $0.width <= 1360 && $0.row < 3 })
            #expect(layout.placed.reduce(0) { $0 + $1.members.count } + layout.hidden == labels.count)
        }
    }

    @Test func idleTimeIsSqueezedSoABurstGetsTheWidth() {
        // The activation blip: 15 s of onboarding with the 500 at 14409 ms and the 409 at 14484 ms,
        // then 65 s of nothing until the run ends at 80 s.
        let events: [Double] = Array(stride(from: 0, through: 15_000, by: 500)) + [14_409, 14_484, 80_000]
        let scale = TimelineScale(eventsMs: events, endMs: 80_010, left: 120, width: 1240)
        #expect(scale.gaps.count == 1)
        #expect(scale.x(15_000) - scale.x(0) > 1000, "the first 15 s get most of the chart, not 230 px")
        #expect(scale.x(14_484) - scale.x(14_409) >= 4, "the 500-then-409 pair is apart (1.2 px on an even scale)")
        var previous = -Double.infinity
        for ms in stride(from: 0.0, through: 80_010, by: 10) {
            #expect(scale.x(ms) >= previous)
            previous = scale.x(ms)
        }
        #expect(abs(scale.x(80_010) - 1360) < 0.001 && scale.x(0) == 120)
    }
}
