// swift-tools-version: 6.0
// An email-code onboarding store written from seeds 002 and 003 the way an iOS team writes one,
// by a team's trial working from README and docs/ alone, simulated by onboarding-sim
// (docs/your-app.md, "A team's trial").
import PackageDescription

// Swift 6.2's nonisolated(nonsending) default: an async function that is not isolated runs where
// its caller runs (the store's `clock.sleep` stays on the main actor) instead of hopping to the
// global executor. Without it, the order of two jobs of one virtual instant can differ between a
// debug and a release build of the same code (docs/your-app.md, what the simulator promises).
let nonsending: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
    name: "MyOnboarding",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "onboarding-sim", path: "../..")],
    targets: [
        // The app: Foundation and Observation only.
        .target(name: "MyOnboarding", swiftSettings: nonsending),
        // The glue: plug-in, adapters, mock backend.
        .target(name: "MyOnboardingSim", dependencies: [
            "MyOnboarding",
            .product(name: "SimCommandLine", package: "onboarding-sim"),
            .product(name: "Scenarios", package: "onboarding-sim"),
            .product(name: "AppVocabulary", package: "onboarding-sim"),
            .product(name: "SimKernel", package: "onboarding-sim"),
            .product(name: "AppHarness", package: "onboarding-sim"),
            .product(name: "Oracles", package: "onboarding-sim"),
        ], swiftSettings: nonsending),
        .executableTarget(name: "my-onboarding-sim", dependencies: [
            "MyOnboardingSim",
            .product(name: "SimCommandLine", package: "onboarding-sim"),
        ], swiftSettings: nonsending),
    ],
    swiftLanguageModes: [.v6]
)
