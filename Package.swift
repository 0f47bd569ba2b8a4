// swift-tools-version: 6.0
// onboarding-sim: a deterministic fault-injection simulator for a mobile app's onboarding flow.
// The package takes no dependencies by design: everything is built on the toolchain alone.
import PackageDescription

/// No unsafe flags in any target, so the library works as a versioned dependency (`from:`). The
/// run-time exclusivity checks that a flag used to switch off are skipped instead on the hot
/// stored properties of the kernel's and the model's classes, with `@exclusivity(unchecked)`:
/// a run is confined to one driver thread, which the kernel asserts (docs/architecture.md).
/// Every target: nonisolated async functions run on their caller's actor (SE-0461), so simulated
/// code stays on the simulation's executor without a hop per call (docs/architecture.md).
let nonsending: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
    name: "onboarding-sim",
    products: [
        .library(name: "SimKernel", targets: ["SimKernel"]),
        .library(name: "AppVocabulary", targets: ["AppVocabulary"]),
        .library(name: "OnboardingModel", targets: ["OnboardingModel"]),
        .library(name: "PickupModel", targets: ["PickupModel"]),
        // The bundled apps as plug-ins, like a team's: what `onboarding-sim` registers.
        .library(name: "FixPlanSim", targets: ["FixPlanSim"]),
        .library(name: "PickupSim", targets: ["PickupSim"]),
        .library(name: "Oracles", targets: ["Oracles"]),
        .library(name: "Scenarios", targets: ["Scenarios"]),
        .library(name: "Exploration", targets: ["Exploration"]),
        .library(name: "Reports", targets: ["Reports"]),
        // App code under the simulator: an HTTP client, a key-value store, a keychain, a path
        // monitor, the system's prompts, and a phone that runs an @Observable app.
        .library(name: "AppHarness", targets: ["AppHarness"]),
        // The whole command line as a function: a team's one-file `my-app-sim` with its plug-ins.
        .library(name: "SimCommandLine", targets: ["SimCommandLine"]),
        .executable(name: "onboarding-sim", targets: ["onboarding-sim"]),
        .executable(name: "onboarding-bench", targets: ["onboarding-bench"]),
        .executable(name: "onboarding-mutate", targets: ["onboarding-mutate"]),
    ],
    targets: [
        // Domain-free: executor, virtual clock, seeded randomness, trace, limits, escape guard.
        .target(name: "SimKernel", swiftSettings: nonsending),
        // What every app shares: routes, actions, endpoints, screens, events, the network and its
        // faults, mutants, the app process, the free user's profile. No app module imports another.
        .target(name: "AppVocabulary", dependencies: ["SimKernel"], swiftSettings: nonsending),
        // The app under simulation: client store, sync queue, OTP timer, backend, network, device, mutants.
        .target(name: "OnboardingModel", dependencies: ["AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // What app code written as iOS code is gets injected in a run, and the phone that runs it.
        .target(name: "AppHarness", dependencies: ["AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // Seed 004's pickup app: its own actors and backend, on the shared network and screen vocabulary.
        .target(name: "PickupModel", dependencies: ["AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // Monitors that judge a run from its screens and events only.
        .target(name: "Oracles", dependencies: ["AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // The JSON scenario format, its strict decoder, the runner and the regression suite.
        .target(name: "Scenarios", dependencies: ["Oracles", "AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // The fix plan's app as a plug-in: its decoders, personas, swarm and oracles list.
        .target(name: "FixPlanSim", dependencies: ["OnboardingModel", "Scenarios", "Oracles", "AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // Seed 004's pickup app as a plug-in (a leaf, like a team's): its decoders, personas, swarm and oracles list.
        .target(name: "PickupSim", dependencies: ["PickupModel", "Scenarios", "Oracles", "AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // Swarm fault schedules, personas, parallel and sharded exploration, shrinking.
        .target(name: "Exploration", dependencies: ["Scenarios", "Oracles", "AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // Console table, JSON lines, JUnit XML, narratives, the HTML timeline.
        .target(name: "Reports", dependencies: ["Scenarios", "Oracles", "AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        // The command line: parses arguments and calls the library, for the bundled apps and any plug-ins.
        .target(name: "SimCommandLine", dependencies: ["SimKernel", "AppVocabulary", "Oracles", "Scenarios", "Exploration", "Reports"], swiftSettings: nonsending),
        .executableTarget(name: "onboarding-sim", dependencies: ["SimCommandLine", "FixPlanSim", "PickupSim"], swiftSettings: nonsending),
        // Mutation testing of the app models: mutation points in Swift source, sampling, the report.
        .target(name: "Mutation", dependencies: ["SimKernel", "Scenarios", "Reports"], swiftSettings: nonsending),
        .executableTarget(name: "onboarding-mutate", dependencies: ["Mutation", "Reports", "FixPlanSim", "PickupSim"], swiftSettings: nonsending),
        .executableTarget(name: "onboarding-bench", dependencies: ["FixPlanSim", "PickupSim", "SimKernel", "AppVocabulary", "OnboardingModel", "Oracles", "Scenarios", "Exploration"], swiftSettings: nonsending),
        // The apps onboarding-sim registers, registered once for the tests that read them.
        .target(name: "ToolAppsForTests", dependencies: ["FixPlanSim", "PickupSim", "Scenarios", "Exploration"],
                path: "Tests/ToolAppsForTests", swiftSettings: nonsending),
        .testTarget(name: "SimKernelTests", dependencies: ["SimKernel"], swiftSettings: nonsending),
        .testTarget(name: "OnboardingModelTests", dependencies: ["AppVocabulary", "OnboardingModel", "SimKernel"], swiftSettings: nonsending),
        .testTarget(name: "PickupModelTests", dependencies: ["PickupModel", "PickupSim", "AppVocabulary", "Oracles", "SimKernel"], swiftSettings: nonsending),
        .testTarget(name: "OraclesTests", dependencies: ["ToolAppsForTests", "FixPlanSim", "PickupSim", "Oracles", "Scenarios", "AppVocabulary", "OnboardingModel", "PickupModel", "SimKernel"], swiftSettings: nonsending),
        .testTarget(name: "ScenariosTests", dependencies: ["ToolAppsForTests", "FixPlanSim", "PickupSim", "Scenarios", "Exploration", "Reports", "Oracles", "AppVocabulary", "OnboardingModel", "SimKernel"], swiftSettings: nonsending),
        .testTarget(name: "ExplorationTests", dependencies: ["ToolAppsForTests", "FixPlanSim", "PickupSim", "Exploration", "Scenarios", "Oracles", "AppVocabulary", "OnboardingModel", "SimKernel"], swiftSettings: nonsending),
        // App code written as iOS code is (its own file imports no module of ours), run under the harness.
        .testTarget(name: "AppHarnessTests", dependencies: ["AppHarness", "Scenarios", "Exploration", "Oracles", "AppVocabulary", "SimKernel"], swiftSettings: nonsending),
        .testTarget(name: "MutationTests", dependencies: ["Mutation"], swiftSettings: nonsending),
        .testTarget(name: "ReportsTests", dependencies: ["Reports"], swiftSettings: nonsending),
        // The JSON Schemas in docs/ against the decoders, with a small JSON Schema validator.
        .testTarget(name: "SchemaTests", dependencies: ["ToolAppsForTests", "FixPlanSim", "PickupSim", "Scenarios", "Exploration", "Oracles", "AppVocabulary", "OnboardingModel", "PickupModel"], swiftSettings: nonsending),
        // Runs the built command-line tool as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["onboarding-sim", "onboarding-mutate", "SimKernel", "Reports"], swiftSettings: nonsending),
    ],
    swiftLanguageModes: [.v6]
)
