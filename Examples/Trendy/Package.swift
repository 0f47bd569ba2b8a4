// swift-tools-version: 6.0
// Seed 001's Trendy onboarding as app code, simulated by onboarding-sim (docs/your-app.md).
import PackageDescription

let nonsending: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
    name: "Trendy",
    dependencies: [.package(name: "onboarding-sim", path: "../..")],
    targets: [
        // The app's onboarding as the app writes it: Foundation and Observation only, nothing of
        // the simulator.
        .target(name: "TrendyOnboarding", swiftSettings: nonsending),
        // The plug-in: the app's vocabulary, its bugs, its mock backend, the adapter from its
        // view model to what the user sees, and an oracle of its own.
        .target(name: "TrendySim", dependencies: [
            "TrendyOnboarding",
            .product(name: "AppHarness", package: "onboarding-sim"),
            .product(name: "Scenarios", package: "onboarding-sim"),
            .product(name: "Oracles", package: "onboarding-sim"),
            .product(name: "AppVocabulary", package: "onboarding-sim"),
            .product(name: "SimKernel", package: "onboarding-sim"),
        ], swiftSettings: nonsending),
        // The team's command line, in one file.
        .executableTarget(name: "trendy-sim", dependencies: [
            "TrendySim", .product(name: "SimCommandLine", package: "onboarding-sim"),
        ], swiftSettings: nonsending),
        .testTarget(name: "TrendySimTests", dependencies: [
            "TrendySim", "TrendyOnboarding",
            .product(name: "Scenarios", package: "onboarding-sim"),
            .product(name: "Exploration", package: "onboarding-sim"),
            .product(name: "AppVocabulary", package: "onboarding-sim"),
            .product(name: "Oracles", package: "onboarding-sim"),
            .product(name: "SimKernel", package: "onboarding-sim"),
        ], swiftSettings: nonsending),
    ],
    swiftLanguageModes: [.v6]
)
