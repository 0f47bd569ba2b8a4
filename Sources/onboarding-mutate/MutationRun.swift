import Foundation
import Mutation
import SimKernel

/// One mutation run: the baseline, then every chosen mutant built and checked in the scratch copy.
struct MutationRun {
    let options: MutateOptions
    let app: AppUnderTest
    let mutants: [Mutant]
    let verdicts: AcceptedSurvivors
    let swift: String
    let scratch: ScratchPackage
    let checks: MutantChecks
    /// A digest of the `--bugs` file's text, when the mutants are hand-written bugs.
    var bugsDigest: String? = nil

    /// The plan a report records; a report is resumed only by a run of the same plan.
    var plan: [(String, String)] {
        let digest = app.files.reduce(into: TraceHasher.fnv1a("")) { hash, file in
            hash = TraceHasher.fnv1a(String(hash) + file.path + file.text)
        }
        let selection = options.selection
        var plan: [(String, String)] = [
            ("sample", selection.sample.map(String.init) ?? "all"), ("seed", String(selection.seed)),
            ("files", selection.files.joined(separator: ",")),
            ("operators", selection.operators.map(\.rawValue).joined(separator: ",")), ("ids", selection.ids.joined(separator: ",")),
            ("paths", options.paths.joined(separator: ",")), ("shard", "\(selection.shard.index)/\(selection.shard.count)"),
            ("seeds", String(options.seeds)), ("app", options.app ?? ""), ("source", String(digest, radix: 16)),
        ]
        // Only when set, so the reports of plans before these options existed are still resumed.
        if options.product != "onboarding-sim" { plan.append(("product", options.product)) }
        if !options.switches.isEmpty { plan.append(("switches", options.switches.joined(separator: ","))) }
        if let bugsDigest { plan.append(("bugs", bugsDigest)) }
        if options.fastBuild { plan.append(("build", "unoptimised")) }
        if options.blind { plan.append(("checks", "explore only")) }
        if options.branching { plan.append(("exploration", "branching")) }
        return plan
    }

    /// Runs every mutant not already in `previous`; returns the report. The mutants that can be
    /// switched at run time are built together once (`MutantSchema`) and checked first; the rest
    /// are built one by one, as before.
    func run(resuming previous: [MutantResult]) throws -> MutationReport {
        var report = MutationReport(plan: plan, results: previous)
        let done = Set(previous.map(\.id))
        let pending = Self.buildOrder(mutants.filter { !done.contains($0.id) }, in: app)
        Progress.say("onboarding-mutate: \(mutants.count) mutant(s), \(previous.count) already done; building the copy in \(scratch.root.path)")
        try scratch.sync()
        var progress = Progress(total: mutants.count, done: previous.count)
        func record(_ result: MutantResult, switched: Bool) throws {
            var result = result
            if result.verdict == .survived { result.accepted = verdicts.judgement(of: result) }
            report.results.append(result)
            if let json = options.json { try OutputFile.write(report.json(), to: json) }
            progress.finished(result, switched: switched)
        }
        var oneByOne = pending
        var switchedBaseline: [String: String] = [:], adding: [Mutant] = []
        if options.schemata, !pending.isEmpty {
            let schemata = try buildSchemata(of: pending)
            oneByOne = schemata.fallback
            adding = schemata.adding
            progress.plan(switched: schemata.switched.count, oneByOne: schemata.fallback.count)
            Progress.say("onboarding-mutate: \(schemata.switched.count) mutant(s) switched at run time in one build, "
                         + "\(schemata.fallback.count) built one by one")
            if !schemata.switched.isEmpty {
                switchedBaseline = try baselineHashes(for: schemata.switched.map(\.mutant))
                for (number, mutant) in schemata.switched {
                    try record(try timed { try check(mutant, switched: number, baseline: switchedBaseline) }, switched: true)
                }
            }
            try restoreAll()
        }
        if !oneByOne.isEmpty || !adding.isEmpty {
            try buildUnmutated()
            let baseline = try baselineHashes(for: oneByOne + adding)
            // The declarations switched mutants added were in the build for all: the app as
            // written must have behaved the same with them, or their verdicts mean nothing.
            if let check = switchedBaseline.keys.sorted().first(where: { baseline[$0] != nil && baseline[$0] != switchedBaseline[$0] }) {
                throw MutationReportError(message: "the declarations added by \(adding.map { $0.name ?? $0.id }.joined(separator: ", ")) "
                                          + "change what the unmutated app does (\(check) differs): run again with --no-schemata")
            }
            for mutant in oneByOne { try record(try timed { try trial(mutant, baseline: baseline) }, switched: false) }
        }
        try restoreAll()
        report.results.sort { lhs, rhs in (lhs.file, lhs.line, lhs.id) < (rhs.file, rhs.line, rhs.id) }
        for index in report.results.indices where report.results[index].verdict == .survived {
            report.results[index].accepted = verdicts.judgement(of: report.results[index])
        }
        return report
    }

    /// `body`'s result with the wall-clock seconds it took.
    private func timed(_ body: () throws -> MutantResult) rethrows -> MutantResult {
        let started = Date()  // determinism: ok (the tool around the simulator: wall-clock limits and ETA, never a trace)
        var result = try body()
        result.seconds = Date().timeIntervalSince(started)  // determinism: ok (the tool around the simulator: wall-clock limits and ETA, never a trace)
        return result
    }

    /// Builds the copy as the package has it; it must build.
    private func buildUnmutated() throws {
        var built = try scratch.build(swift: swift, limit: 3600)
        // Once more, as for a mutant: a first build of a copy can fail for reasons of its own.
        if built.ending != .exited(0) { built = try scratch.build(swift: swift, limit: 3600) }
        guard built.ending == .exited(0) else {
            let said = built.standardOutput + built.standardError
            let hint = said.contains("no product named") ? "\nname the package's command-line tool with --product (a team's own, made with SimCommandLine.run(apps:))" : ""
            throw MutationReportError(message: "the unmutated package does not build:\n" + said.suffix(2000) + hint)
        }
    }

    /// The mutants that change only what code does first, then those that change what a file
    /// declares, one after another (`DeclarationSkeleton`): each of those makes the build recompile
    /// the modules that import the app, and a second time when its file is put back, unless the
    /// next mutant changes the declarations too. The order changes no verdict, only the time.
    static func buildOrder(_ mutants: [Mutant], in app: AppUnderTest) -> [Mutant] {
        // Each file's own skeleton once, looked up by path (never iterated).
        var files: [String: (text: String, skeleton: [String])] = [:]
        for file in app.files { files[file.path] = (file.text, DeclarationSkeleton.of(file.text)) }
        var bodies: [Mutant] = [], declarations: [Mutant] = []
        for mutant in mutants {
            if let file = files[mutant.file], DeclarationSkeleton.of(mutant.applied(to: file.text)) != file.skeleton {
                declarations.append(mutant)
            } else {
                bodies.append(mutant)
            }
        }
        return bodies + declarations
    }

    /// The unmutated app's hashes for every check of every app the mutants belong to; it must pass.
    private func baselineHashes(for chosen: [Mutant]) throws -> [String: String] {
        // "" stands for the tool's default app while the apps are sorted.
        let apps = Set(chosen.map { AppUnderTest.app(of: $0.file, override: options.app) ?? "" }).sorted().map { $0.isEmpty ? nil : $0 }
        var hashes: [String: String] = [:]
        for app in apps {
            for check in checks.checks(app: app) where hashes[check.name] == nil {
                let observation = try checks.observe(check)
                if let killer = observation.killer {
                    throw MutationReportError(message: "the unmutated app fails its own checks (\(check.name)): "
                                              + "\(killer.name) in \(killer.detail); fix that first (\(killer.command))" + productHint)
                }
                hashes[check.name] = observation.hashes
            }
        }
        return hashes
    }

    /// A package of a team's own with no `--product`: the bundled tool, a dependency of theirs,
    /// was built and does not know their app.
    private var productHint: String {
        let ownTool = app.package.appendingPathComponent("Sources/onboarding-sim").path
        guard options.product == "onboarding-sim", !FileManager.default.fileExists(atPath: ownTool) else { return "" }
        return "\nthe checks ran onboarding-sim, which knows only the bundled apps: name the package's own tool with --product "
            + "(made with SimCommandLine.run(apps:))"
    }

    /// One mutant: applied, built, checked, and the file restored.
    private func trial(_ mutant: Mutant, baseline: [String: String]) throws -> MutantResult {
        guard let file = app.files.first(where: { $0.path == mutant.file }) else {
            preconditionFailure("a mutant names a file of the app under test")
        }
        try scratch.write(mutant.file, mutant.applied(to: file.text))
        defer { try? scratch.write(mutant.file, file.text) }
        var built = try scratch.build(swift: swift, limit: 1800)
        // Once more before calling it a compile error: a build can fail for reasons of its own (a
        // cache another build holds); a real compile error fails again, in seconds.
        if built.ending != .exited(0) { built = try scratch.build(swift: swift, limit: 1800) }
        guard built.ending == .exited(0) else {
            var result = MutantResult(mutant: mutant, verdict: .buildFailed, seconds: 0)
            result.buildError = (built.standardOutput + built.standardError).split(separator: "\n")
                .first { $0.contains("error:") }.map { String($0.prefix(300)) } ?? "the build failed with no error line"
            return result
        }
        return try check(mutant, switched: nil, baseline: baseline)
    }

    /// Checks a built mutant (`switched`: its number in the schemata build, or nil when the copy
    /// was built with it alone): killed by the first check that fails, else survived or no change.
    func check(_ mutant: Mutant, switched: Int?, baseline: [String: String]) throws -> MutantResult {
        var changed = false
        for check in checks.checks(app: AppUnderTest.app(of: mutant.file, override: options.app)) {
            let observation = try checks.observe(check, switched: switched)
            if let killer = observation.killer { return MutantResult(mutant: mutant, verdict: .killed, killer: killer, seconds: 0) }
            if observation.hashes != baseline[check.name] { changed = true }
        }
        return MutantResult(mutant: mutant, verdict: changed ? .survived : .noChange, seconds: 0)
    }

    /// Puts every file of the copy back as the package has it.
    func restoreAll() throws {
        for file in app.files { try scratch.write(file.path, file.text) }
    }
}
