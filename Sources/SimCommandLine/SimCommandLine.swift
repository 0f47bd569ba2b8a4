import Foundation
import SimKernel
import Scenarios
import Exploration

/// The whole command line (`run`, `validate`, `regress`, `explore`, `replay`, `shrink`,
/// `report`, `merge`, `list`, `selftest`, `schema`, `completion`) as a function, for the bundled apps and
/// any plug-ins: a team's own tool is one file.
///
/// ```swift
/// // Sources/my-app-sim/main.swift
/// import SimCommandLine
/// SimCommandLine.run(apps: [MyApp()])
/// ```
///
/// `swift run my-app-sim run`, `… regress`, `… validate` then work in the team's package as
/// `onboarding-sim` does in this one, under the tool's own name.
public enum SimCommandLine {
    /// Runs the command line with the process's arguments and exits with its code: what a tool's
    /// `main.swift` calls. `name` defaults to the executable's file name.
    public static func run(apps: [any AppPlugin] = [], name: String? = nil) -> Never {
        // Restarts once with a bigger allocator cache (about 10% faster on many seeds; see AllocatorTuning).
        AllocatorTuning.restartTunedIfNeeded()
        // Main-actor jobs of a run go into the run (before anything uses the main actor).
        MainActorBridge.install()
        let executable = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        exit(main(Array(CommandLine.arguments.dropFirst()), apps: apps,
                  name: name ?? (executable.isEmpty ? "onboarding-sim" : executable)))
    }

    /// Runs one command line (`arguments` without the program's name) and returns its exit code:
    /// 0 ok, 1 violations, 2 bad input or usage. Registers `apps` first (`AppRegistry`); a
    /// plug-in that cannot be registered is bad input.
    public static func main(_ arguments: [String], apps: [any AppPlugin] = [], name: String = "onboarding-sim") -> Int32 {
        ToolName.use(name)
        for app in apps {
            do { try AppRegistry.register(app) } catch {
                Console.error("\(name): \(error)")
                return ExitCode.badInput
            }
        }
        // A file that names no app is about the tool's first.
        if let first = apps.first { AppRegistry.setDefault(first.id) }
        return CommandLineTool.main(arguments)
    }
}
