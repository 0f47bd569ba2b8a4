import Foundation
import Mutation

extension MutationRun {
    /// The schemata build: which mutants it switches (with their numbers) and which are left to
    /// be built one by one.
    struct Schemata {
        var switched: [(number: Int, mutant: Mutant)]
        var fallback: [Mutant]
        /// The switched mutants whose added declarations are in the build for every mutant.
        var adding: [Mutant] = []
    }

    /// Writes every file of the app with its mutants behind run-time switches (`MutantSchema`) and
    /// builds the copy once. A mutant a compiler error falls in is taken out and the copy built
    /// again (a mutant that does not compile on its own is then built alone and reported
    /// "build failed", as before); after a few rounds, or an error no mutant explains, the rest
    /// are built one by one too. The copy is left built with the switched files.
    func buildSchemata(of pending: [Mutant]) throws -> Schemata {
        let numbered = Array(zip(1..., pending))
        var excluded = Set<Int>()
        for round in 1...6 {
            var schemas: [String: MutantSchema] = [:]
            for file in app.files {
                let mine = numbered.filter { $0.1.file == file.path && !excluded.contains($0.0) }.map { (number: $0.0, mutant: $0.1) }
                guard !mine.isEmpty else { try scratch.write(file.path, file.text); continue }
                let schema = MutantSchema(file: file, mutants: mine)
                schemas[file.path] = schema
                try scratch.write(file.path, schema.text)
            }
            let switchedNow = Set(schemas.values.flatMap(\.switched))
            let fallbackNow = numbered.filter { !switchedNow.contains($0.0) }.map(\.1)
            guard !switchedNow.isEmpty else { return Schemata(switched: [], fallback: pending) }
            var built = try scratch.build(swift: swift, limit: 3600)
            let addingNow = Set(schemas.values.flatMap(\.adding))
            func schemata() -> Schemata {
                Schemata(switched: numbered.filter { switchedNow.contains($0.0) }.map { (number: $0.0, mutant: $0.1) },
                         fallback: fallbackNow, adding: numbered.filter { addingNow.contains($0.0) }.map(\.1))
            }
            if built.ending == .exited(0) { return schemata() }
            let errors = MutantSchema.errors(in: built.standardOutput + built.standardError)
            var blamed = Set<Int>()
            for error in errors {
                guard let schema = schemas.first(where: { error.path.hasSuffix("/" + $0.key) })?.value else { continue }
                blamed.formUnion(schema.mutants(blamedForErrorAt: error.line))
            }
            blamed.subtract(excluded)
            if blamed.isEmpty {
                // No error in a switched file: once more (a build can fail for reasons of its own), then give up.
                built = try scratch.build(swift: swift, limit: 3600)
                if built.ending == .exited(0) { return schemata() }
                break
            }
            let first = (built.standardOutput + built.standardError).split(separator: "\n").first { $0.contains(": error:") }
            Progress.say("onboarding-mutate: schemata build, round \(round): \(blamed.count) mutant(s) do not compile switched; "
                         + "they will be built one by one (the first error: \(first.map { String($0.prefix(300)) } ?? "none"))")
            excluded.formUnion(blamed)
        }
        try restoreAll()
        return Schemata(switched: [], fallback: pending)
    }
}
