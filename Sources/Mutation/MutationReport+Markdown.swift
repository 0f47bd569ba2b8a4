/// The report as Markdown: the counts and score, a table per operator and per killer, and every
/// survivor with its diff (PIT's and muter's layout: the next step is obvious).
extension MutationReport {
    public func markdown() -> String {
        var text = "# Mutation testing\n\n"
        text += plan.map { "`\($0.0)`: \($0.1)" }.joined(separator: " · ") + "\n\n"
        text += "| verdict | mutants |\n|---|---|\n"
        text += "| killed | \(count(.killed)) |\n"
        text += "| survived | \(count(.survived))" + (acceptedSurvivors.isEmpty ? "" : " (\(acceptedSurvivors.count) accepted)") + " |\n"
        text += "| no behaviour change | \(count(.noChange)) |\n"
        text += "| build failed | \(count(.buildFailed)) |\n"
        text += "| **score** (killed ÷ killed and open survivors) | **\(scoreText)** |\n\n"
        text += operatorTable() + "\n" + killerTable() + "\n" + survivorSections()
        return text
    }

    private func operatorTable() -> String {
        var text = "## By operator\n\n| operator | killed | survived | no change | build failed |\n|---|---|---|---|---|\n"
        let operators = MutationOperator.allCases.map(\.rawValue).filter { name in results.contains { $0.mutationOperator == name } }
        for name in operators {
            let mine = results.filter { $0.mutationOperator == name }
            let counts = MutantVerdict.allCases.map { verdict in mine.filter { $0.verdict == verdict }.count }
            text += "| \(name) | " + counts.map(String.init).joined(separator: " | ") + " |\n"
        }
        return text
    }

    private func killerTable() -> String {
        var counts: [(name: String, count: Int)] = []
        for result in results where result.verdict == .killed {
            guard let killer = result.killer else { continue }
            let name = killer.kind == .explore || killer.kind == .scenario ? killer.name : killer.kind.rawValue
            if let index = counts.firstIndex(where: { $0.name == name }) { counts[index].count += 1 } else { counts.append((name, 1)) }
        }
        counts.sort { ($1.count, $0.name) < ($0.count, $1.name) }
        var text = "## What killed them\n\n| first caught by | mutants |\n|---|---|\n"
        for entry in counts { text += "| \(entry.name) | \(entry.count) |\n" }
        return text
    }

    private func survivorSections() -> String {
        let survivors = results.filter { $0.verdict == .survived }
        guard !survivors.isEmpty else { return "## Survivors\n\nNone.\n" }
        var text = "## Survivors\n\n"
        for survivor in survivors {
            text += "### `\(survivor.file):\(survivor.line)` \(survivor.mutationOperator)\n\n```diff\n\(survivor.diff)\n```\n"
            if let accepted = survivor.accepted { text += "Accepted, \(accepted.verdict): \(accepted.reason)\n" }
            text += "\n"
        }
        return text
    }
}
