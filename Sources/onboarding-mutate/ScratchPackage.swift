import Foundation
import Mutation
#if canImport(Glibc)
import Glibc
#endif

/// A copy of the package under test where mutants are applied and built, so the checkout is never
/// touched: `.build/mutate/package` by default, with a build folder of its own. A dependency the
/// manifest names by a relative path is named by its absolute path in the copy.
///
/// The copy is built in release without cross-module optimisation: a mutant changes a function
/// body, and without CMO the changed module's interface stays the same, so only that module is
/// compiled again (about 7 s here, against 48 s when every module after it recompiles).
///
/// `--fast-build` builds it unoptimised instead (`-Onone`, in `.build-onone`): each module
/// compiles about three times faster, an interface change's rebuild of the modules above included,
/// and the checks run slower.
struct ScratchPackage {
    let source: URL
    let root: URL
    let product: String
    var optimised = true
    /// The compile jobs of each build (`--build-jobs`; nil: SwiftPM's default, one per core).
    var buildJobs: Int?
    /// A build folder given with `--build-folder`, shared with copies of other packages (what they
    /// all depend on is compiled once); nil: the copy's own.
    var sharedBuildFolder: URL?

    var buildFolder: URL {
        guard let shared = sharedBuildFolder else { return root.appendingPathComponent(optimised ? ".build" : ".build-onone") }
        return optimised ? shared : shared.deletingLastPathComponent().appendingPathComponent(shared.lastPathComponent + "-onone")
    }

    /// Takes the copy for this run: a second run in the same copy (two shards, or a run left
    /// going in another terminal) would check the other's mutants, so it is refused with who
    /// holds it. The lock goes with the process, however it ends.
    func lock() throws {
        try FileManager.default.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
        let path = root.path + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw MutationReportError(message: "cannot open \(path): \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let holder = (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
            close(descriptor)
            throw MutationReportError(message: "another onboarding-mutate run (process \(holder)) is using the copy \(root.path); "
                                      + "wait for it to end, or run this one as another --shard (each shard has a copy of its own)")
        }
        _ = ftruncate(descriptor, 0)
        _ = Array("\(getpid())\n".utf8).withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        // Kept open for the life of the process: the lock is released when it ends.
    }
    var binary: URL { buildFolder.appendingPathComponent("release").appendingPathComponent(product) }

    /// Makes the copy equal to the package: changed files are written, missing ones removed.
    /// Unchanged files are left alone, so their modules are not built again.
    func sync() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        let entries = try manager.contentsOfDirectory(atPath: source.path).filter { !$0.hasPrefix(".") }.sorted()
        for entry in entries { try syncItem(entry) }
        for entry in try manager.contentsOfDirectory(atPath: root.path) where !entry.hasPrefix(".") && !entries.contains(entry) {
            try manager.removeItem(at: root.appendingPathComponent(entry))
        }
        // SwiftPM keeps the source files of a dependency named by path in its build description
        // and does not look again when that package gains or loses a file ("cannot find type",
        // "missing inputs"): planned anew, in a second or two, each run.
        try? manager.removeItem(at: buildFolder.appendingPathComponent("release.yaml"))
    }

    private func syncItem(_ relative: String) throws {
        let manager = FileManager.default
        let from = source.appendingPathComponent(relative), to = root.appendingPathComponent(relative)
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: from.path, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            var targetIsFolder: ObjCBool = false
            if manager.fileExists(atPath: to.path, isDirectory: &targetIsFolder), !targetIsFolder.boolValue {
                try manager.removeItem(at: to)
            }
            try manager.createDirectory(at: to, withIntermediateDirectories: true)
            let children = try manager.contentsOfDirectory(atPath: from.path).sorted()
            for child in children { try syncItem(relative + "/" + child) }
            for extra in try manager.contentsOfDirectory(atPath: to.path) where !children.contains(extra) {
                try manager.removeItem(at: to.appendingPathComponent(extra))
            }
            return
        }
        var contents = try Data(contentsOf: from)
        if Self.isManifest(relative) {
            let text = PackageManifest.absolutePaths(in: String(decoding: contents, as: UTF8.self), against: source.path)
            contents = Data(text.utf8)
        }
        if (try? Data(contentsOf: to)) != contents { try contents.write(to: to) }
    }

    /// `Package.swift` or a `Package@swift-6.0.swift` beside it, at the package's root.
    static func isManifest(_ relative: String) -> Bool {
        !relative.contains("/") && relative.hasPrefix("Package") && relative.hasSuffix(".swift")
    }

    /// Writes `text` to `relative` in the copy only if it differs from what is there.
    func write(_ relative: String, _ text: String) throws {
        let url = root.appendingPathComponent(relative)
        let data = Data(text.utf8)
        if (try? Data(contentsOf: url)) != data { try data.write(to: url) }
    }

    func build(swift: String, limit: Double) throws -> ProcessRunner.Outcome {
        try ProcessRunner.run(swift, ["build", "-c", "release", "--product", product, "-Xswiftc", "-disable-cmo"]
                              + (optimised ? [] : ["-Xswiftc", "-Onone"]) + (buildJobs.map { ["-j", String($0)] } ?? [])
                              + ["--scratch-path", buildFolder.path], in: root, limit: limit)
    }
}
