import Foundation
import Mutation
import Scenarios
import FixPlanSim
import PickupSim
import SimKernel

/// The command: options checked, mutants chosen, then listed, merged or run.
enum MutateCommand {
    static func main(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(MutateOptions.help)
            return 0
        }
        let options: MutateOptions
        do {
            options = try MutateOptions(arguments)
        } catch {
            Progress.say("onboarding-mutate: \(error.message)\n\(MutateOptions.usage)\nSee 'onboarding-mutate --help'.")
            return 2
        }
        do {
            if let files = options.merge { return try merge(files, options) }
            return try run(options)
        } catch {
            Progress.say("onboarding-mutate: \(error)")
            return 2
        }
    }

    private static func run(_ options: MutateOptions) throws -> Int32 {
        try OutputFile.checkWritable([("--json", options.json), ("--markdown", options.markdown)],
                                     inputs: [options.bugs, options.verdicts].compactMap { $0 })
        let package = URL(fileURLWithPath: options.package).standardizedFileURL
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw MutationReportError(message: "no Package.swift in \(package.path); run from the package or name it with --package")
        }
        if let app = options.app { try checkApp(app, options: options, package: package) }
        let bugs = try options.bugs.map { try handWrittenBugs($0) }
        // Hand-written bugs' files are the app under test unless --path names others.
        var paths = options.paths
        if paths.isEmpty, let bugs {
            for bug in bugs.list where !paths.contains(bug.file) {
                guard FileManager.default.fileExists(atPath: package.appendingPathComponent(bug.file).path) else {
                    throw MutationReportError(message: "\(options.bugs!): bug \"\(bug.name)\" names \(bug.file), which is not in "
                                              + "\(package.path); give the file's path from the package root (Sources/…)")
                }
                paths.append(bug.file)
            }
        }
        let app = try AppUnderTest(package: package, paths: paths, switches: options.switches)
        let candidates = try bugs.map { try bugMutants($0.list, in: app, path: options.bugs!) } ?? app.mutants
        let mutants = options.selection.select(from: candidates)
        if mutants.isEmpty, !options.selection.ids.isEmpty || !options.selection.files.isEmpty || !options.selection.operators.isEmpty {
            let given = options.selection.ids.map { "--id \($0)" } + options.selection.files.map { "--file \($0)" }
                + options.selection.operators.map { "--operator \($0.rawValue)" }
            throw MutationReportError(message: "\(given.joined(separator: ", ")) chose none of the \(candidates.count) mutant(s); "
                                      + "--list shows them with their ids and files")
        }
        if options.listOnly {
            for mutant in mutants {
                print("\(mutant.file):\(mutant.line):\(mutant.column): \(mutant.name ?? mutant.mutationOperator.rawValue)")
                print(mutant.diff.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
            }
            print("\(mutants.count) mutant(s) of \(candidates.count) in \(app.files.count) file(s)")
            return 0
        }
        guard let swift = ProcessRunner.which("swift") else {
            throw MutationReportError(message: "no 'swift' on PATH: the mutants are built with the toolchain")
        }
        // Each shard builds in a copy of its own, so shards can run side by side.
        let shard = options.selection.shard
        let copy = shard.count > 1 ? ".build/mutate/shard-\(shard.index)-of-\(shard.count)/package" : ".build/mutate/package"
        // A shared build folder is shared by one shard of each package, not by a package's shards
        // (each builds its own mutants into the same product).
        let sharedBuildFolder = options.buildFolder.map { folder in
            let url = URL(fileURLWithPath: folder).standardizedFileURL
            return shard.count > 1 ? url.appendingPathComponent("shard-\(shard.index)-of-\(shard.count)") : url
        }
        let scratch = ScratchPackage(source: package, root: package.appendingPathComponent(copy),
                                     product: options.product, optimised: !options.fastBuild, buildJobs: options.buildJobs,
                                     sharedBuildFolder: sharedBuildFolder)
        try scratch.lock()
        ProcessRunner.stopChildrenOnInterrupt()
        let checks = MutantChecks(binary: scratch.binary.path, tool: options.product, directory: scratch.root, seeds: options.seeds,
                                  jobs: options.jobs, limit: options.timeout, blind: options.blind,
                                  branching: options.branching)
        let run = MutationRun(options: options, app: app, mutants: mutants, verdicts: try verdicts(options, package),
                              swift: swift, scratch: scratch, checks: checks, bugsDigest: bugs?.digest)
        let report = try run.run(resuming: try previousResults(options, plan: run.plan, mutants: mutants))
        return try finish(report, options)
    }

    /// Refuses an `--app` the tool does not have, before any copy or build: the bundled tool's apps
    /// are this tool's own; a team's tool is asked (`list --apps`) when the package holds a build of
    /// it already. Otherwise the tool's own "unknown app" comes at the first check.
    private static func checkApp(_ app: String, options: MutateOptions, package: URL) throws {
        var known: [String] = []
        if options.product == "onboarding-sim", FileManager.default.fileExists(atPath: package.appendingPathComponent("Sources/onboarding-sim").path) {
            // onboarding-sim's apps, as its main.swift registers them.
            known = ([FixPlanPlugin(), PickupPlugin()] as [any AppPlugin]).map(\.id.rawValue)
        } else {
            for configuration in ["release", "debug"] {
                let binary = package.appendingPathComponent(".build/\(configuration)/\(options.product)").path
                guard FileManager.default.isExecutableFile(atPath: binary),
                      let listed = try? ProcessRunner.run(binary, ["list", "--apps"], in: package, limit: 30),
                      listed.ending == .exited(0) else { continue }
                known = listed.standardOutput.split(separator: "\n").map(String.init)
                break
            }
        }
        guard known.isEmpty || known.contains(app) else {
            throw MutationReportError(message: "--app \(app) is not an app of \(options.product); its apps: \(known.joined(separator: ", "))")
        }
    }

    /// The bugs of a `--bugs` file, and a digest of its text for the report's plan.
    private static func handWrittenBugs(_ path: String) throws -> (list: [HandWrittenBug], digest: String) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw MutationReportError(message: "\(path): cannot read the bugs file (\(error.localizedDescription))")
        }
        let bugs = try HandWrittenBug.parse(text, path: path)
        guard !bugs.isEmpty else { throw MutationReportError(message: "\(path): the \"bugs\" array is empty: nothing to try") }
        return (bugs, String(TraceHasher.fnv1a(text), radix: 16))
    }

    /// Each bug as a mutant of its file in the app under test.
    private static func bugMutants(_ bugs: [HandWrittenBug], in app: AppUnderTest, path: String) throws -> [Mutant] {
        try bugs.map { bug in
            guard let source = app.files.first(where: { $0.path == bug.file }) else {
                throw MutationReportError(message: "\(path): bug \"\(bug.name)\" names \(bug.file), which is not a Swift file of the "
                                          + "package under --path; give the path from the package root (Sources/…)")
            }
            return try bug.mutant(of: source, path: path)
        }
    }

    /// The finished mutants of an earlier report of the same plan at `--json`.
    private static func previousResults(_ options: MutateOptions, plan: [(String, String)], mutants: [Mutant]) throws -> [MutantResult] {
        guard let path = options.json, FileManager.default.fileExists(atPath: path) else { return [] }
        let previous = try MutationReport.parse(try String(contentsOfFile: path, encoding: .utf8))
        guard previous.plan.map({ "\($0.0)=\($0.1)" }) == plan.map({ "\($0.0)=\($0.1)" }) else {
            throw MutationReportError(message: "\(path) holds a report of another plan or source; name another --json file, or remove it to start again")
        }
        let ids = Set(mutants.map(\.id))
        return previous.results.filter { ids.contains($0.id) }
    }

    private static func verdicts(_ options: MutateOptions, _ package: URL) throws -> AcceptedSurvivors {
        let path = options.verdicts ?? package.appendingPathComponent("docs/mutation-verdicts.json").path
        guard options.verdicts != nil || FileManager.default.fileExists(atPath: path) else { return AcceptedSurvivors() }
        do {
            return try AcceptedSurvivors(json: try String(contentsOfFile: path, encoding: .utf8))
        } catch {
            throw MutationReportError(message: "\(path): \(error)")
        }
    }

    private static func merge(_ files: [String], _ options: MutateOptions) throws -> Int32 {
        try OutputFile.checkWritable([("--json", options.json), ("--markdown", options.markdown)],
                                     inputs: files + [options.verdicts].compactMap { $0 })
        var merged: MutationReport?
        for file in files {
            let report: MutationReport
            do {
                report = try MutationReport.parse(try String(contentsOfFile: file, encoding: .utf8))
            } catch {
                throw MutationReportError(message: "\(file): \(error)")
            }
            let plan = report.plan.filter { $0.0 != "shard" }
            if let first = merged {
                guard first.plan.map({ "\($0.0)=\($0.1)" }) == plan.map({ "\($0.0)=\($0.1)" }) else {
                    throw MutationReportError(message: "\(file) is a report of another plan than \(files[0])")
                }
                let seen = Set(first.results.map(\.id))
                guard !report.results.contains(where: { seen.contains($0.id) }) else {
                    throw MutationReportError(message: "\(file) repeats mutants of an earlier report: a shard given twice?")
                }
                merged!.results += report.results
            } else {
                merged = MutationReport(plan: plan, results: report.results)
            }
        }
        var report = merged!
        report.results.sort { lhs, rhs in (lhs.file, lhs.line, lhs.id) < (rhs.file, rhs.line, rhs.id) }
        let judged = try verdicts(options, URL(fileURLWithPath: options.package))
        for index in report.results.indices where report.results[index].verdict == .survived {
            report.results[index].accepted = judged.judgement(of: report.results[index])
        }
        return try finish(report, options)
    }

    /// Prints the summary, writes the files, and gives the exit code.
    private static func finish(_ report: MutationReport, _ options: MutateOptions) throws -> Int32 {
        if let json = options.json { try OutputFile.write(report.json(), to: json) }
        if let markdown = options.markdown { try OutputFile.write(report.markdown(), to: markdown) }
        print("killed: \(report.count(.killed))  survived: \(report.count(.survived)) (\(report.acceptedSurvivors.count) accepted)"
              + "  no behaviour change: \(report.count(.noChange))  build failed: \(report.count(.buildFailed))")
        for survivor in report.openSurvivors {
            print("survived: \(survivor.file):\(survivor.line) \(survivor.kind)")
            print(survivor.diff.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        }
        print(report.score == nil
              ? "score: none to count: no mutant was killed or left open (\(report.acceptedSurvivors.count) accepted)"
              : "score: \(report.scoreText) of the mutants that change behaviour are killed")
        if let failUnder = options.failUnder {
            let below = (report.score ?? 1) * 100 < failUnder
            if below { print("the score is below --fail-under \(failUnder)%") }
            return below ? 1 : 0
        }
        return report.openSurvivors.isEmpty ? 0 : 1
    }
}
