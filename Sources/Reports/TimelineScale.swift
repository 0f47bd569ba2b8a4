/// Virtual time to x on the timeline, with idle gaps squeezed: stretches with events share the
/// width in proportion to their length, and each stretch of more than `gapMs` with nothing
/// happening gets a fixed narrow width and a break mark. A 2 ms pair of requests in an 80 s run
/// stays readable instead of becoming 2 px.
///
/// ```swift
/// let scale = TimelineScale(eventsMs: [0, 10, 12, 60_000], endMs: 60_010, left: 120, width: 1240)
/// scale.x(11)      // inside the first stretch, which gets most of the width
/// scale.gaps       // the squeezed 10 ms…60 s stretch
/// ```
struct TimelineScale {
    /// A piece of the axis: `startMs…endMs` drawn from `x0` to `x1`; `squeezed` for an idle gap.
    struct Piece: Equatable {
        let startMs, endMs: Double
        let x0, x1: Double
        let squeezed: Bool
    }

    let pieces: [Piece]

    var gaps: [Piece] { pieces.filter(\.squeezed) }

    /// `eventsMs`: when something happened (any order, repeats fine); `gapMs`: the idle time that
    /// is squeezed; `context`: how much time is kept visible on each side of a gap.
    init(eventsMs: [Double], endMs: Double, left: Double, width: Double, gapMs: Double = 3_000, gapWidth: Double = 26,
         context: Double = 400) {
        let end = max(1, endMs)
        let times = Array(Set(eventsMs.map { min(max(0, $0), end) } + [0, end])).sorted()
        var idle: [(Double, Double)] = []
        for (earlier, later) in zip(times, times.dropFirst()) where later - earlier > gapMs {
            idle.append((earlier + context, later - context))
        }
        // Each gap gets gapWidth, but never more than 40% of the width in all.
        let squeezedWidth = idle.isEmpty ? 0 : min(gapWidth, width * 0.4 / Double(idle.count))
        let activeMs = end - idle.reduce(0) { $0 + ($1.1 - $1.0) }
        let perMs = (width - squeezedWidth * Double(idle.count)) / max(1, activeMs)
        var pieces: [Piece] = []
        var at = 0.0, x = left
        for (gapStart, gapEnd) in idle {
            pieces.append(Piece(startMs: at, endMs: gapStart, x0: x, x1: x + (gapStart - at) * perMs, squeezed: false))
            x += (gapStart - at) * perMs
            pieces.append(Piece(startMs: gapStart, endMs: gapEnd, x0: x, x1: x + squeezedWidth, squeezed: true))
            x += squeezedWidth
            at = gapEnd
        }
        pieces.append(Piece(startMs: at, endMs: end, x0: x, x1: left + width, squeezed: false))
        self.pieces = pieces
    }

    /// Where `ms` is drawn.
    func x(_ ms: Double) -> Double {
        let piece = pieces.first { ms <= $0.endMs } ?? pieces[pieces.count - 1]
        guard piece.endMs > piece.startMs else { return piece.x0 }
        let fraction = min(1, max(0, (ms - piece.startMs) / (piece.endMs - piece.startMs)))
        return piece.x0 + fraction * (piece.x1 - piece.x0)
    }

    /// Tick times on the stretches that are drawn to scale: a round step per stretch, about 80 px apart.
    var ticks: [Double] {
        pieces.filter { !$0.squeezed && $0.x1 > $0.x0 }.flatMap { piece -> [Double] in
            let perPixel = (piece.endMs - piece.startMs) / (piece.x1 - piece.x0)
            let step = [1.0, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 60_000, 120_000, 300_000]
                .first { $0 / perPixel >= 80 } ?? 600_000
            var tick = (piece.startMs / step).rounded(.up) * step, found: [Double] = []
            while tick <= piece.endMs { found.append(tick); tick += step }
            return found
        }
    }
}
