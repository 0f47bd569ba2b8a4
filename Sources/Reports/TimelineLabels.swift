/// Violation labels above the timeline, laid out so that none overlaps another: labels close
/// together become one counted label ("⚠ 5 violations"), and each is put in the first row where
/// it fits; one that fits no row is left to its line and the list (and counted).
enum TimelineLabels {
    struct Placed: Equatable {
        let left: Double
        let width: Double
        let row: Int
        let text: String
        /// The violations this label stands for (indices into the input).
        let members: [Int]
    }

    static let characterWidth = 6.6
    static let padding = 6.0

    static func width(of text: String) -> Double { Double(text.count) * characterWidth + padding }

    /// Lays out one label per violation (`x`, and the oracle's name) in at most `rows` rows
    /// between `minX` and `maxX`; returns the placed labels and how many violations have none.
    static func layout(_ labels: [(x: Double, name: String)], rows: Int, minX: Double, maxX: Double) -> (placed: [Placed], hidden: Int) {
        let order = labels.indices.sorted { (labels[$0].x, $0) < (labels[$1].x, $1) }
        // Violations whose label would start within one short label's width are one cluster.
        var clusters: [[Int]] = []
        for index in order {
            if let last = clusters.last?.first, labels[index].x - labels[last].x < width(of: "⚠ 99 violations") / 2 {
                clusters[clusters.count - 1].append(index)
            } else {
                clusters.append([index])
            }
        }
        var rowEnds = [Double](repeating: -Double.infinity, count: max(1, rows))
        var placed: [Placed] = []
        var hidden = 0
        for cluster in clusters {
            let names = cluster.map { labels[$0].name }
            let text = cluster.count == 1 ? "⚠ \(names[0])"
                : Set(names).count == 1 ? "⚠ \(cluster.count)× \(names[0])" : "⚠ \(cluster.count) violations"
            let labelWidth = width(of: text)
            let left = min(max(minX, labels[cluster[0]].x), maxX - labelWidth)
            guard let row = rowEnds.firstIndex(where: { $0 + 4 <= left }) else { hidden += cluster.count; continue }
            rowEnds[row] = left + labelWidth
            placed.append(Placed(left: left, width: labelWidth, row: row, text: text, members: cluster))
        }
        return (placed, hidden)
    }
}
