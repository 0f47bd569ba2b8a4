import Mutation

/// The command line of `onboarding-mutate`, checked before anything runs.
struct MutateOptions {
    var selection = MutantSelection()
    /// Folders or files to mutate, relative to the package; empty: the bundled apps' own code.
    var paths: [String] = []
    var package = "."
    /// The command-line tool built in the copy and run for the checks: `onboarding-sim`, or a
    /// team's own (`trendy-sim`, made with `SimCommandLine.run(apps:)`).
    var product = "onboarding-sim"
    /// The app whose personas are explored for every mutant; nil: the app that owns each file.
    var app: String?
    /// Extra names of a catalogue's switch sets, besides `mutants` and `bugs`.
    var switches: [String] = []
    var seeds = 2000
    var jobs = 2
    /// The compile jobs of each build of the copy (`--build-jobs`; nil: SwiftPM's default).
    var buildJobs: Int?
    /// The copy's build folder (`--build-folder`; nil: the copy's own `.build`). Copies of two
    /// packages that depend on one same package can share one, so that package compiles once.
    var buildFolder: String?
    var timeout = 120.0
    var json: String?
    var markdown: String?
    var verdicts: String?
    var listOnly = false
    /// Build the copy unoptimised (`--fast-build`), in a build folder of its own.
    var fastBuild = false
    /// Judge each mutant by `explore` alone (`--blind`): no scenario, so no expectation a file
    /// wrote (an exact error text among them) kills it; only the oracles, blind.
    var blind = false
    /// Explore with `--branching` (issue #65): runs that branch from what earlier runs reached.
    var branching = false
    /// Build the mutants that can be switched at run time once, together (`MutantSchema`);
    /// `--no-schemata`: every mutant in a build of its own, as before.
    var schemata = true
    /// Exit 1 only when the score falls below this percentage (Stryker's `break` threshold).
    var failUnder: Double?
    var merge: [String]?
    /// A file of bugs written by hand (`HandWrittenBug`), tried instead of the operators' mutants.
    var bugs: String?

    static let usage = """
        usage: onboarding-mutate [--sample N] [--seed S] [--file TEXT]… [--operator OP]… [--id ID]… [--path P]…
                                 [--seeds N] [--jobs K] [--build-jobs J] [--build-folder DIR] [--timeout SECONDS] [--shard I/N] [--app A]
                                 [--json FILE] [--markdown FILE] [--verdicts FILE] [--fail-under PERCENT]
                                 [--package DIR] [--product TOOL] [--switch NAME]… [--bugs FILE] [--blind] [--branching] [--fast-build] [--no-schemata] [--list]
               onboarding-mutate merge REPORT.json… [--json FILE] [--markdown FILE] [--verdicts FILE]
        """

    static let help = usage + """


        Mutation testing of the app models: small changes to the app's own source (a condition
        negated, a call deleted, a constant changed …), each applied to a copy of the package
        (.build/mutate/package), built, and checked with the bundled scenarios and `explore` of the
        file's app with the free and the scripted user. Mutants inside a function's body are
        compiled together into one build, each behind a run-time switch (mutant schemata), and
        checked one after another by running the tool with that switch on; the others (a stored
        property's value, a declaration a hand-written bug adds, one that does not compile) are
        built one by one. Each mutant ends as killed (by which
        scenario or oracle, first seed), survived, no behaviour change (every trace hash equal to
        the unmutated app's) or build failed. A check that runs past the time limit counts as killed,
        as PIT counts it. The score is killed ÷ (killed + survived); survivors the verdicts file
        judges equivalent or not a bug are listed and left out of it.

        Mutated by default: the bundled apps' own code (Sources/OnboardingModel/Client/, the pickup
        app's PickupApp*.swift and PickupStorage.swift), never the simulated world, the screen
        vocabulary, event records, the catalogue's own mutant switches, the kernel or the oracles.

        options:
          --sample N       try N mutants drawn by the seed (default: every one)
          --seed S         the seed of the draw (default 1)
          --file TEXT      only files whose path contains TEXT (repeatable)
          --operator OP    only this operator (repeatable): \(MutationOperator.allCases.map(\.rawValue).joined(separator: ", "))
          --id ID          only the mutant with this id (file:line:column:operator, repeatable): a
                           report's survivors tried again after an oracle changed
          --path P         mutate this folder or file instead (repeatable; relative to the package)
          --seeds N        seeds per explore check (default 2000)
          --jobs K         explore's workers (default 2)
          --build-jobs J   compile jobs of each build of the copy (swift build -j J; default one per
                           core): on a machine shared with others
          --build-folder DIR
                           build the copy in DIR (default: the copy's own .build). Give the copies
                           of two packages that depend on one same package (Examples/Trendy and
                           Examples/MyOnboarding on this one) the same DIR, and what they share is
                           compiled once for both; one run at a time in a folder
          --timeout S      wall-clock seconds per check before it counts as killed (default 120)
          --shard I/N      run every N-th mutant of the sample, starting at the I-th
          --app A          explore app A's personas for every mutant (default: the file's app)
          --json FILE      the report as JSON, written after every mutant; an existing report of the
                           same plan is resumed, its finished mutants kept
          --markdown FILE  the report as Markdown (survivors with their diffs)
          --verdicts FILE  survivors judged equivalent or not a bug (default docs/mutation-verdicts.json
                           if it exists)
          --fail-under P   exit 1 only if the score is below P percent (default: on any open survivor)
          --package DIR    the package to mutate (default: the current folder); a dependency it
                           names by a relative path is found from the copy too
          --product TOOL   its command-line tool, built and run for the checks (default
                           onboarding-sim; a team's own, made with SimCommandLine.run(apps:))
          --switch NAME    also never mutate NAME.contains(…), a set that switches catalogue bugs
                           on, nor the code it guards (mutants and bugs always; repeatable)
          --bugs FILE      try the bugs written by hand in FILE instead (each a find-and-replace in
                           one file: {"bugs": [{"name", "file", "find", "replace", "why"}]}, see
                           docs/mutation.md); the other options choose among them as among mutants
          --blind          judge each mutant by explore alone, with no scenario: what the free and
                           scripted users find with the oracles only (a bug that only a scenario's
                           exact wording catches survives)
          --branching      explore with --branching: most runs are futures of earlier runs from a
                           state they reached first (docs/exploration.md); timing budgets unjudged
          --list           list the chosen mutants and stop
          --fast-build     build the copy unoptimised (-Onone, in .build-onone): a mutant built on
                           its own builds in about 2.5 s instead of 7, but explore runs about 15
                           times slower; rarely worth it now that most mutants share one build
          --no-schemata    build every mutant on its own, as before schemata (slower; the same verdicts)

        examples:
          swift run -c release onboarding-mutate --sample 200 --seed 1 --json m.json
          swift run -c release onboarding-mutate --sample 20 --seed 7 --markdown m.md
          swift run -c release onboarding-mutate --file OTPTimer --operator delete-statement --list
          swift run -c release onboarding-mutate --sample 200 --shard 2/4 --json m2.json
          swift run -c release onboarding-mutate merge m1.json m2.json m3.json m4.json --markdown m.md
          swift run -c release onboarding-mutate --bugs docs/hand-written-bugs.json --seeds 1000 --markdown bugs.md
          swift run -c release onboarding-mutate --package Examples/Trendy --product trendy-sim \
              --path Sources/TrendyOnboarding --json .build/trendy-mutants.json

        Exit codes: 0 no open survivor (or the score at least --fail-under), 1 open survivors (or a
        score below it), 2 bad input or usage (or the unmutated app fails its own checks).
        """

    struct UsageError: Error {
        let message: String
    }

    static let valued: Set<String> = ["--sample", "--seed", "--file", "--operator", "--id", "--path", "--seeds", "--jobs", "--build-jobs", "--build-folder",
                                      "--timeout", "--shard", "--app", "--json", "--markdown", "--verdicts", "--package",
                                      "--fail-under", "--product", "--switch", "--bugs"]

    init(_ arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        if rest.first == "merge" {
            rest = rest.dropFirst()
            merge = []
        }
        while let argument = rest.popFirst() {
            if argument == "--list" { listOnly = true; continue }
            if argument == "--fast-build" { fastBuild = true; continue }
            if argument == "--blind" { blind = true; continue }
            if argument == "--branching" { branching = true; continue }
            if argument == "--no-schemata" { schemata = false; continue }
            if !argument.hasPrefix("-"), merge != nil { merge!.append(argument); continue }
            let (name, inline) = Self.split(argument)
            guard Self.valued.contains(name) else { throw UsageError(message: "unknown option '\(argument)'") }
            guard let value = inline ?? rest.popFirst() else { throw UsageError(message: "\(name) needs a value") }
            try take(name, value)
        }
        if let merge, merge.isEmpty { throw UsageError(message: "merge needs at least one report file") }
    }

    private mutating func take(_ name: String, _ value: String) throws(UsageError) {
        switch name {
        case "--sample": selection.sample = try Self.count(name, value, minimum: 1)
        case "--seed":
            guard let seed = UInt64(value) else { throw UsageError(message: "--seed takes a whole number, got '\(value)'") }
            selection.seed = seed
        case "--file": selection.files.append(value)
        case "--id": selection.ids.append(value)
        case "--operator":
            guard let op = MutationOperator(rawValue: value) else {
                throw UsageError(message: "unknown operator '\(value)'; the operators: "
                                 + MutationOperator.allCases.map(\.rawValue).joined(separator: ", "))
            }
            selection.operators.append(op)
        case "--path": paths.append(value)
        case "--seeds": seeds = try Self.count(name, value, minimum: 1, maximum: 10_000_000)
        case "--jobs": jobs = try Self.count(name, value, minimum: 1, maximum: 64)
        case "--build-jobs": buildJobs = try Self.count(name, value, minimum: 1, maximum: 64)
        case "--build-folder":
            guard !value.isEmpty else { throw UsageError(message: "--build-folder takes a folder's path, got ''") }
            buildFolder = value
        case "--timeout":
            guard let seconds = Double(value), seconds >= 1, seconds <= 86_400 else {
                throw UsageError(message: "--timeout takes seconds from 1 to 86400, got '\(value)'")
            }
            timeout = seconds
        case "--shard":
            let parts = value.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 10_000,
                  index >= 1, index <= count else {
                throw UsageError(message: "--shard takes I/N with 1 ≤ I ≤ N ≤ 10000, got '\(value)'")
            }
            selection.shard = (index, count)
        case "--app": app = value
        case "--product":
            guard !value.isEmpty, !value.contains("/") else { throw UsageError(message: "--product takes a product name, got '\(value)'") }
            product = value
        case "--switch":
            guard value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), !value.isEmpty else {
                throw UsageError(message: "--switch takes a Swift name, got '\(value)'")
            }
            switches.append(value)
        case "--json": json = value
        case "--markdown": markdown = value
        case "--verdicts": verdicts = value
        case "--bugs": bugs = value
        case "--fail-under":
            guard let percent = Double(value), percent >= 0, percent <= 100 else {
                throw UsageError(message: "--fail-under takes a percentage from 0 to 100, got '\(value)'")
            }
            failUnder = percent
        default: package = value
        }
    }

    private static func count(_ name: String, _ value: String, minimum: Int, maximum: Int = 1_000_000) throws(UsageError) -> Int {
        guard let number = Int(value), number >= minimum, number <= maximum else {
            throw UsageError(message: "\(name) takes a whole number from \(minimum) to \(maximum), got '\(value)'")
        }
        return number
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
