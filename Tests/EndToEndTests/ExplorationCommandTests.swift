import Testing
import Foundation

/// explore, replay, shrink and report, run as a user would.
@Suite struct ExplorationCommandTests {
    func run(_ arguments: [String]) throws -> BuiltTool.Output {
        try BuiltTool.run(arguments, in: ScenarioCommandTests.root)
    }

    func json(_ output: BuiltTool.Output) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any] ?? [:]
    }

    @Test func exploringTwicePrintsTheSameSummaryHash() throws {
        let first = try run(["explore", "--seeds", "120"])
        let second = try run(["explore", "--seeds", "120", "--jobs", "2"])
        #expect(first.status == 0, "\(first.standardOutput)")
        let hash = { (output: BuiltTool.Output) in output.standardOutput.split(separator: "\n").last { $0.hasPrefix("summary hash:") } }
        #expect(hash(first) != nil)
        #expect(hash(first)?.split(separator: " ").dropLast().joined() == hash(second)?.split(separator: " ").dropLast().joined())
    }

    @Test func aBranchingExplorationNamesItsFailingBranchesAndReplayRunsThemAgain() throws {
        let explored = try run(["explore", "--seeds", "300", "--branching", "--mutant", "fix-3", "--jobs", "2", "--json"])
        #expect(explored.status == 1, "\(explored.standardError)")
        let failures = try json(explored)["failures"] as? [[String: Any]] ?? []
        let branch = try #require(failures.first { ($0["seed"] as? String)?.contains("@") == true })
        let replay = try #require(branch["replay"] as? String)
        #expect(replay.contains("--seed \(branch["seed"] as? String ?? "?")"))
        let words = replay.split(separator: " ").dropFirst(2).map(String.init)
        let again = try run(["replay"] + words)
        #expect(again.status == 1)
        #expect(again.standardOutput.contains("trace hash: \(branch["traceHash"] as? String ?? "?")"))
        // `report` and `shrink` take the branch's name too (#65 item 2).
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("branch-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("run.html").path
        let reported = try run(["report"] + words + ["--html", page])
        #expect(reported.status == 1, "\(reported.standardError)")
        #expect(reported.standardOutput.contains("trace \(branch["traceHash"] as? String ?? "?")"), "\(reported.standardOutput)")
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("seed \(branch["seed"] as? String ?? "?")"))
        let file = folder.appendingPathComponent("shrunk.json").path
        let shrunk = try run(["shrink"] + words + ["-o", file])
        #expect(shrunk.status == 0, "\(shrunk.standardError)")
        // The file keeps the branch points in its seed (unless the run failed without them): `run` fails on it.
        #expect(try run(["run", file]).status == 1)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""seed""#))
    }

    @Test func branchingRefusesBudgetsAndReplayRefusesAMalformedRunName() throws {
        let budgets = try run(["explore", "--seeds", "10", "--branching", "--budgets", "scenarios/budgets.json"])
        #expect(budgets.status == 2)
        #expect(budgets.standardError.contains("not a sample of users"))
        let malformed = try run(["replay", "--persona", "new-user", "--seed", "12@40ms=1@30ms=2"])
        #expect(malformed.status == 2)
        #expect(malformed.standardError.contains("SEED@Tms=S"))
        let alone = try run(["explore", "--seeds", "10", "--branch-strategy", "4"])
        #expect(alone.status == 2)
        #expect(alone.standardError.contains("add --branching"))
        for text in ["0", "4:0", "x", "4:3:2:2", "4:3:2:1:1", "4::2", "2:1:0:0:users", "2:1:0:0:user0", "2:1:0:0:all:1"] {
            let bad = try run(["explore", "--seeds", "10", "--branching", "--branch-strategy", text])
            #expect(bad.status == 2, "\(text)")
            #expect(bad.standardError.contains("EVERY[:RARITY[:SPLICE[:AFTER[:REDRAW]]]]"), "\(text)")
        }
        let chosen = try run(["explore", "--seeds", "150", "--branching", "--branch-strategy", "4:3:2"])
        #expect(chosen.status == 0)
        #expect(chosen.standardOutput.contains("branching (branch 1 in 4, rarest of 3, splice 1 in 2)"))
    }

    @Test func aPercentileBudgetJustBelowTheMeasuredP95FailsWithTheWorstSeedsAndTheirReplay() throws {
        let measured = try json(try run(["explore", "--seeds", "400", "--persona", "new-user", "--json"]))
        let metrics = measured["metrics"] as? [[String: Any]] ?? []
        let wait = try #require(metrics.first { $0["metric"] as? String == "waitMs" })
        let p95 = try #require(wait["p95"] as? Int)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("budgets-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let budgets = #"{"format": 1, "budgets": {"new-user": {"waitMs": {"p95": "# + "\(p95 - 1)" + #"}}}}"#
        try budgets.write(to: file, atomically: true, encoding: .utf8)
        let junit = FileManager.default.temporaryDirectory.appendingPathComponent("budgets-\(getpid()).xml")
        defer { try? FileManager.default.removeItem(at: junit) }
        let output = try run(["explore", "--seeds", "400", "--persona", "new-user", "--budgets", file.path, "--junit", junit.path])
        #expect(output.status == 1)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<testsuite name="budgets" tests="1" failures="1" errors="0""#), "an exceeded budget is a failing test case")
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        let budget = try #require(lines.firstIndex { $0.hasPrefix("BUDGET") })
        #expect(lines[budget].contains("new-user waitMs p95: \(p95)ms over the budget of \(p95 - 1)ms"))
        #expect(lines[budget].contains("runs went over"))
        #expect(lines[budget + 1 ..< min(lines.count, budget + 4)].allSatisfy { $0.contains("onboarding-sim replay --persona new-user --seed") })
        #expect(lines.contains { $0.contains("runs over the budget drew more often:") })
        #expect(lines.contains("budgets: 0 of 1 limit(s) met, 1 exceeded"))
        try #"{"format": 1, "budgets": {"new-user": {"waitMs": {"p95": "# .appending("\(p95)}}}}").write(to: file, atomically: true, encoding: .utf8)
        #expect(try run(["explore", "--seeds", "400", "--persona", "new-user", "--budgets", file.path]).status == 0)
    }

    @Test func anUnknownPercentileInABudgetsFileIsAClearError() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("budgets-bad-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try #"{"format": 1, "budgets": {"new-user": {"waitMs": {"p96": 1}}}}"#.write(to: file, atomically: true, encoding: .utf8)
        let output = try run(["explore", "--seeds", "5", "--budgets", file.path])
        #expect(output.status == 2)
        #expect(output.standardError.contains("$.budgets.new-user.waitMs.p96: unknown key \"p96\" (p50, p95, p99, max, maxGrowth) (did you mean \"p95\"?)"))
        try #"{"format": 1, "budgets": {}, "budgetz": 1}"#.write(to: file, atomically: true, encoding: .utf8)
        let misspelt = try run(["explore", "--seeds", "5", "--budgets", file.path])
        #expect(misspelt.status == 2)
        #expect(misspelt.standardError.contains("$.budgetz: unknown key \"budgetz\" (did you mean \"budgets\"?)"))
    }

    @Test func aBuildComparedWithItsOwnBaselineShowsNoChangeAndASlowerMutantFailsItsGrowthLimit() throws {
        let folder = try BuiltTool.scratchFolder("baseline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let baseline = folder.appendingPathComponent("baseline.json"), budgets = folder.appendingPathComponent("budgets.json")
        try #"{"format": 1, "budgets": {"all": {"waitMs": {"p50": 600000, "maxGrowth": "5%"}}}}"#.write(to: budgets, atomically: true, encoding: .utf8)
        let kept = try run(["explore", "--seeds", "1000", "--jobs", "2", "--json", "--budgets", budgets.path])
        try kept.standardOutput.write(to: baseline, atomically: true, encoding: .utf8)
        #expect(kept.standardError.contains("maxGrowth limits are not checked without --baseline"))
        let same = try run(["explore", "--seeds", "1000", "--jobs", "2", "--budgets", budgets.path, "--baseline", baseline.path])
        #expect(same.status == 0, "\(same.standardOutput)")
        #expect(same.standardOutput.contains("(no change)"))
        // pit-2 puts the main app's own loading view after the launch's: every journey waits longer.
        let slower = try run(["explore", "--seeds", "1000", "--jobs", "2", "--budgets", budgets.path, "--baseline", baseline.path,
                              "--mutant", "pit-2"])
        #expect(slower.status == 1)
        #expect(slower.standardOutput.contains("BUDGET  all waitMs p50:") && slower.standardOutput.contains("over the baseline's"))
        #expect(slower.standardOutput.contains("the budget allows 5%"))
        #expect(!slower.standardError.contains("baseline explored other runs"), "another mutant is the same runs")
        let other = try run(["explore", "--seeds", "40", "--budgets", budgets.path, "--baseline", baseline.path])
        #expect(other.standardError.contains("the baseline explored other runs"))
        let broken = try run(["explore", "--seeds", "5", "--baseline", budgets.path])
        #expect(broken.status == 2)
        #expect(broken.standardError.contains("expected explore's JSON, with a \"metrics\" array"))
    }

    @Test func reportDrawsAnExplorationsTimingWithItsBudgetsAndBaseline() throws {
        let folder = try BuiltTool.scratchFolder("timing")
        defer { try? FileManager.default.removeItem(at: folder) }
        let explored = folder.appendingPathComponent("explore.json"), page = folder.appendingPathComponent("timing.html")
        try run(["explore", "--seeds", "200", "--json"]).standardOutput.write(to: explored, atomically: true, encoding: .utf8)
        let output = try run(["report", "--timing", explored.path, "--baseline", explored.path, "--html", page.path])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("budget limit(s)"))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<h2>appTimeToMainMs</h2>") && html.contains("stroke-dasharray='5 4'"), "curves and the baseline's")
        #expect(html.contains("◆ all max ≤ 3000:"), "the bundled budgets explore checked are drawn")
        let missing = try run(["report", "--timing", folder.appendingPathComponent("none.json").path, "--html", page.path])
        #expect(missing.status == 2 && missing.standardError.contains("none.json"))
        let mixed = try run(["report", "--timing", explored.path, "--persona", "new-user", "--html", page.path])
        #expect(mixed.status == 2)
    }

    @Test func aScenarioFileTellsTheVeryRunThatRunJudged() throws {
        let file = "scenarios/fix-plan/activation-network-blip.json"
        let judged = try run(["run", file, "--mutant", "fix-3", "--story"])
        #expect(judged.status == 1)
        let hash = try #require(judged.standardOutput.split(separator: "\n").first?.split(separator: " ").last.map(String.init))
        #expect(judged.standardOutput.contains("      ") && judged.standardOutput.contains("VIOLATION"), "the story under the run's line")
        let replayed = try run(["replay", file, "--mutant", "fix-3"])
        #expect(replayed.status == 1)
        #expect(replayed.standardOutput.contains("as written") && replayed.standardOutput.hasSuffix("trace hash: \(hash)\n"))
        let traced = try run(["run", file, "--trace"])
        #expect(traced.status == 0 && traced.standardOutput.contains("launched process=1"))
    }

    @Test func exploringAScenarioFileJudgesItByTheOraclesAndSaysSo() throws {
        let file = "scenarios/journeys/new-user-happy-path.json"
        let explored = try run(["explore", file, "--seeds", "60", "--json"])
        #expect(explored.status == 0, "a happy path's expectations are not judged under added faults")
        let strict = try run(["explore", file, "--seeds", "60", "--keep-expectations", "--json"])
        #expect(strict.status == 1)
        let failure = try #require((try json(strict)["failures"] as? [[String: Any]])?.first)
        let replay = try #require(failure["replay"] as? String)
        #expect(replay.contains("\(file) --seed") && replay.contains("--swarm --keep-expectations"))
        let seed = try #require(failure["seed"] as? String)
        let again = try run(["replay", file, "--seed", seed, "--swarm", "--keep-expectations"])
        #expect(again.standardOutput.hasSuffix("trace hash: \(failure["traceHash"] as? String ?? "?")\n"), "explore's run, exactly")
        #expect(try run(["explore", file, "--seeds", "5"]).standardOutput.contains("--keep-expectations checks them"))
        // A file's expect.budgets were written for its own faults as well.
        let launch = "scenarios/launch/fresh-install-with-session.json"
        #expect(try run(["explore", launch, "--seeds", "100"]).status == 0)
        #expect(try json(try run(["explore", launch, "--seeds", "100", "--keep-expectations", "--json"]))["violationsByOracle"]
                    .flatMap { ($0 as? [String: Any])?["budgets"] } != nil, "kept, its budgets fire under added latency")
    }

    @Test func mergingFourShardsGivesTheUnshardedSummaryHashPercentilesAndBudgets() throws {
        let folder = try BuiltTool.scratchFolder("merge")
        defer { try? FileManager.default.removeItem(at: folder) }
        var shards: [String] = []
        for index in 1...4 {
            let file = folder.appendingPathComponent("shard-\(index).json")
            try run(["explore", "--seeds", "300", "--shard", "\(index)/4", "--mutant", "fix-3", "--json"]).standardOutput
                .write(to: file, atomically: true, encoding: .utf8)
            shards.append(file.path)
        }
        let whole = try json(try run(["explore", "--seeds", "300", "--mutant", "fix-3", "--json"]))
        let merged = try run(["merge"] + shards.reversed() + ["--json"])
        #expect(merged.status == 1, "fix-3 is found")
        let mergedJSON = try json(merged)
        #expect(mergedJSON["summaryHash"] as? String == whole["summaryHash"] as? String)
        for key in ["runs", "failedRuns", "violationsByOracle", "metrics", "waitByCause", "budgetsExceeded"] {
            #expect((mergedJSON[key] as? NSObject)?.isEqual(whole[key]) == true, "\(key) differs")
        }
        let text = try run(["merge"] + shards)
        #expect(text.standardOutput.contains("merge: 4 of 4 shard(s), 300 run(s) of 300 seed(s) from 1"))
        #expect(text.standardOutput.hasSuffix("summary hash: \(whole["summaryHash"] as? String ?? "?")\n"))
        #expect(try run(["merge", shards[0], shards[0]]).status == 2, "a shard twice")
        let partial = try run(["merge", shards[0], shards[1]])
        #expect(partial.status == 2 && partial.standardError.contains("2 shard(s) missing (3/4, 4/4)"))
    }

    @Test func aPickupRunIsExploredReplayedAndDrawnWithItsOwnLanes() throws {
        let explored = try run(["explore", "--app", "pickup", "--seeds", "200", "--mutant", "pickup-unconfirmed-sign-out"])
        #expect(explored.status == 1 && explored.standardOutput.contains("signOutConfirmed"))
        #expect(explored.standardOutput.contains("replay: onboarding-sim replay --persona pickup-"))
        let replay = try run(["replay", "--persona", "pickup-signed-out", "--seed", "9"])
        #expect(replay.status == 0 && replay.standardOutput.contains("user  "))
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("pickup-\(getpid()).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        #expect(try run(["report", "--persona", "pickup-signed-out", "--seed", "9", "--html", out]).status == 0)
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.contains(">app</text>") && !html.contains("sync queue") && !html.contains("OTP timer"),
                "the pickup app's lanes: no sync queue or OTP timer")
        let mixed = try run(["explore", "--seeds", "10", "--mutant", "pickup-dead-token"])
        #expect(mixed.status == 2 && mixed.standardError.contains("add --app pickup"))
    }

    @Test func aTimelineOfManyViolationsCountsThemAndItsLabelsNeverOverlap() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("many-\(getpid()).html").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let output = try run(["report", "--persona", "new-user", "--seed", "15", "--mutant", "pit-1", "--html", out])
        #expect(output.status == 1 && output.standardOutput.contains("(140 violation(s)"))
        let html = try String(contentsOfFile: out, encoding: .utf8)
        // Labels: <g class=label>…<text x=X y=Y …>TEXT</text>; in one row (one y) none may overlap.
        var boxes: [(left: Double, right: Double, y: String)] = []
        for part in html.components(separatedBy: "<g class=label>").dropFirst() {
            let text = try #require(part.components(separatedBy: "<text x=").dropFirst().first)
            let left = try #require(Double(text.prefix { $0 != " " }))
            let y = String(text.components(separatedBy: " y=")[1].prefix { $0 != " " })
            let words = text.components(separatedBy: ">")[1].components(separatedBy: "</text")[0]
            boxes.append((left, left + Double(words.count) * 6.6 + 6, y))
        }
        #expect(!boxes.isEmpty && boxes.count < 140, "counted labels")
        for (index, one) in boxes.enumerated() {
            for other in boxes[(index + 1)...] where one.y == other.y {
                #expect(one.right <= other.left || other.right <= one.left, "labels overlap: \(one) \(other)")
            }
        }
        #expect(html.contains("<b class=bad>140 violations</b>: noSilentDeadEnd 138"), "counts above the chart")
        #expect(html.range(of: "<h2>Violations</h2>")!.lowerBound > html.range(of: "</svg>")!.lowerBound, "the full list below it")
        #expect(html.contains("<tr class=v>"), "violations highlighted in the narrative")
        #expect(html.contains("offline from") && html.contains("idle time squeezed"), "offline periods and the squeezed axis")
    }

    @Test func aBrokenShardIsAClearErrorNeverATrap() throws {
        let folder = try BuiltTool.scratchFolder("merge-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shard = try json(try run(["explore", "--seeds", "20", "--shard", "1/2", "--json"]))
        func broken(_ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            var copy = shard
            change(&copy)
            let file = folder.appendingPathComponent("\(name).json")
            try JSONSerialization.data(withJSONObject: copy).write(to: file)
            return file.path
        }
        let cases: [(String, String)] = [
            (try broken("no-worst") { shard in
                var state = shard["state"] as! [String: Any], timing = state["timing"] as! [String: Any]
                var target = timing["new-user"] as! [String: Any], samples = target["samples"] as! [Any]
                if let index = samples.firstIndex(where: { $0 is [String: Any] }), var sample = samples[index] as? [String: Any] {
                    sample["worst"] = []
                    samples[index] = sample
                }
                target["samples"] = samples; timing["new-user"] = target; state["timing"] = timing; shard["state"] = state
            }, "values without their worst runs"),
            (try broken("no-targets") { shard in
                var plan = shard["plan"] as! [String: Any]
                plan["targets"] = []
                shard["plan"] = plan
            }, "no target"),
            (try broken("coverage") { shard in
                var state = shard["state"] as! [String: Any]
                state["coverage"] = [[1]]
                shard["state"] = state
            }, "each app's coverage"),
            (try broken("no-state") { shard in shard["state"] = nil }, "no \"plan\" and \"state\""),
            (try broken("huge") { shard in
                var state = shard["state"] as! [String: Any]
                state["runs"] = Int64.max
                shard["state"] = state
            }, "expected a whole number from 0 to"),
        ]
        for (file, message) in cases {
            let output = try run(["merge", file])
            #expect(output.status == 2, "\(file)")
            #expect(output.standardError.contains(message), "\(output.standardError)")
        }
    }

    @Test func theAllocatorTuningRestartChangesNoResult() throws {
        let tuned = try BuiltTool.run(["explore", "--seeds", "60", "--json"], in: ScenarioCommandTests.root)
        let untuned = try BuiltTool.run(["explore", "--seeds", "60", "--json"], in: ScenarioCommandTests.root,
                                        environment: ["ONBOARDING_SIM_TUNE_ALLOCATOR": "0"])
        #expect(tuned.status == untuned.status)
        #expect(try json(tuned)["summaryHash"] as? String == json(untuned)["summaryHash"] as? String)
        #expect(try json(tuned)["runs"] as? Int == 60)
    }

    @Test func shardsAddUpToTheWholeExploration() throws {
        let whole = try json(try run(["explore", "--seeds", "60", "--json"]))
        var runs = 0
        for index in 1...3 { runs += try json(try run(["explore", "--seeds", "60", "--shard", "\(index)/3", "--json"]))["runs"] as? Int ?? 0 }
        #expect(runs == whole["runs"] as? Int)
    }

    @Test func aMutantIsFoundAndItsReplayCommandReproducesTheRun() throws {
        let output = try run(["explore", "--seeds", "40", "--persona", "new-user", "--mutant", "fix-7", "--json"])
        #expect(output.status == 1)
        let failures = try json(output)["failures"] as? [[String: Any]] ?? []
        let first = try #require(failures.first)
        let replay = try #require(first["replay"] as? String)
        #expect(replay.hasPrefix("onboarding-sim replay --persona new-user --seed "))
        let replayed = try run(Array(replay.split(separator: " ").dropFirst().map(String.init)))
        #expect(replayed.status == 1)
        #expect(replayed.standardOutput.contains("VIOLATION   pushRegistered"))
        #expect(replayed.standardOutput.contains("knob  user:"), "the free user's profile is among the knobs")
    }

    @Test func aScriptedExplorationsReplayCommandNamesItsUser() throws {
        let output = try run(["explore", "--seeds", "40", "--persona", "new-user", "--user", "scripted", "--mutant", "fix-7", "--json"])
        #expect(output.status == 1)
        let first = try #require((try json(output)["failures"] as? [[String: Any]])?.first)
        let replay = try #require(first["replay"] as? String)
        #expect(replay.contains(" --user scripted"))
        let replayed = try run(Array(replay.split(separator: " ").dropFirst().map(String.init)))
        #expect(replayed.standardOutput.contains("knob  detour:"))
        #expect(replayed.standardOutput.contains("trace hash: \(first["traceHash"] as? String ?? "?")"))
    }

    @Test func coverageIsPrintedAndWrittenAsJSON() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("coverage-\(getpid()).json").path
        let output = try run(["explore", "--seeds", "50", "--coverage", out])
        #expect(output.status == 0)
        #expect(output.standardOutput.contains("(screen, action taken)"))
        #expect(output.standardOutput.contains("offered, never taken:"))
        let data = try #require(FileManager.default.contents(atPath: out))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["runs"] as? Int == 50)
        let taken = try #require(object["screenActionsTaken"] as? [[String: Any]])
        #expect(taken.contains { $0["screen"] as? String == "intro" && $0["action"] as? String == "get-started" })
        #expect(object["offeredNeverTaken"] is [Any])
    }

    @Test func anUnknownUserIsAUsageError() throws {
        let output = try run(["explore", "--seeds", "5", "--user", "robot"])
        #expect(output.status == 2)
        #expect(output.standardError.contains("--user takes free or scripted"))
    }

    @Test func shrinkWritesAScenarioThatRunFailsWithTheSameOracle() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("shrunk-\(getpid()).json").path
        let shrink = try run(["shrink", "--persona", "new-user", "--seed", "1", "--mutant", "fix-3", "-o", out])
        #expect(shrink.status == 0, "\(shrink.standardError)")
        #expect(shrink.standardOutput.contains("noSilentDeadEnd still fires"))
        let check = try run(["run", out])
        #expect(check.status == 1)
        #expect(check.standardOutput.contains("noSilentDeadEnd"))
    }

    @Test func reportWritesASelfContainedTimeline() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(getpid()).html").path
        let output = try run(["report", "scenarios/fix-plan/activation-network-blip.json", "--mutant", "fix-3", "--html", out])
        #expect(output.status == 1, "written, and the run it shows has violations")
        let html = try String(contentsOfFile: out, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains("<svg"))
        #expect(html.contains("noSilentDeadEnd"))
        // Self-contained: no scripts, stylesheets, images or anything else fetched from elsewhere.
        for external in ["<script", "<link", "<img", "src=", "href=", "@import", "url("] {
            #expect(!html.contains(external), "the page must not load \(external)")
        }
        #expect(try run(["report", "scenarios/fix-plan/activation-network-blip.json", "--html", out]).status == 0, "a passing run")
    }

    @Test func badShardAndMissingSeedsAreUsageErrors() throws {
        #expect(try run(["explore", "--seeds", "10", "--shard", "4/3"]).status == 2)
        #expect(try run(["explore"]).status == 2)
        #expect(try run(["replay", "--persona", "new-usr", "--seed", "1"]).standardError.contains("did you mean 'new-user'?"))
    }
}
