import Scenarios
import Exploration
import AppVocabulary

/// How soon `explore` finds each catalogued bug blind (issue #48): for every catalogue id of every
/// app the tool runs, with the free and the scripted user, the failing runs within the first
/// `budget` seeds of the app's personas and the first seed that fails; then, per app and user, how
/// many were found and the median first seed (a miss counts as past the budget). Printed as the
/// Markdown table `docs/exploration.md` keeps, so the doc stays true by running this again.
struct BlindBenchmark {
    var budget = 1000
    var jobs = 2

    func run() {
        print("| app | mutant | free: failing runs | first seed | scripted: failing runs | first seed |")
        print("|---|---|---|---|---|---|")
        var firsts: [(app: String, user: UserDriver, first: Int?)] = []
        for app in AppRegistry.apps {
            guard let plugin = AppRegistry.plugin(for: app) else { continue }
            let personas = plugin.personas.map { ExplorationTarget.appPersona(app, $0) }
            for entry in plugin.catalogue {
                var cells: [String] = []
                for user in [UserDriver.free, .scripted] {
                    let plan = ExplorationPlan(targets: personas, seedCount: budget, mutants: [entry.mutant], user: user)
                    let outcome = Explorer.explore(plan, jobs: jobs, keepFailures: 1)
                    let first = outcome.failures.first.map { Int($0.seed) }
                    firsts.append((app.rawValue, user, first))
                    cells += [String(outcome.summary.failedRuns), first.map(String.init) ?? "–"]
                }
                print("| \(app.rawValue) | \(entry.mutant.rawValue) | " + cells.joined(separator: " | ") + " |")
            }
        }
        print("")
        for app in AppRegistry.apps {
            for user in [UserDriver.free, .scripted] {
                let mine = firsts.filter { $0.app == app.rawValue && $0.user == user }
                guard !mine.isEmpty else { continue }
                let found = mine.compactMap(\.first)
                print("blind.\(app.rawValue).\(user.rawValue): \(found.count) of \(mine.count) within \(budget) seeds, "
                      + "median first seed \(Self.median(mine.map { $0.first ?? budget + 1 }, budget: budget))")
            }
        }
    }

    /// The median of `values`, where `budget + 1` stands for "not within the budget".
    static func median(_ values: [Int], budget: Int) -> String {
        let sorted = values.sorted()
        let middle = sorted.count % 2 == 1 ? Double(sorted[sorted.count / 2])
            : Double(sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        return middle > Double(budget) ? "over \(budget)" : (middle == middle.rounded() ? String(Int(middle)) : String(middle))
    }
}
