// swift-tools-version: 6.0
// Seed 004's customer app (Umuve: a three-page pager, Sign in with Apple only, an auth wall, an
// offline banner, a token refresh when main appears, a confirmed sign-out) written as an iOS team
// writes it, from the seed alone, and put under onboarding-sim (docs/your-app.md, "Seed 004's
// customer app").
import PackageDescription

// Swift 6.2's nonisolated(nonsending) default: an async function that is not isolated runs where
// its caller runs instead of hopping to the global executor, so that a debug and a release build
// order the jobs of one virtual instant alike (docs/your-app.md, what the simulator promises).
let nonsending: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]

let package = Package(
    name: "Umuve",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "UmuveApp", targets: ["UmuveApp"]),
    ],
    dependencies: [.package(name: "onboarding-sim", path: "../..")],
    targets: [
        // The app: Foundation and Observation only.
        .target(name: "UmuveApp", path: "Sources/UmuveApp", swiftSettings: nonsending),
        // The glue: plug-in, adapter, mock backend.
        .target(name: "UmuveSim", dependencies: [
            "UmuveApp",
            .product(name: "Scenarios", package: "onboarding-sim"),
            .product(name: "AppVocabulary", package: "onboarding-sim"),
            .product(name: "SimKernel", package: "onboarding-sim"),
            .product(name: "AppHarness", package: "onboarding-sim"),
            .product(name: "Oracles", package: "onboarding-sim"),
        ], swiftSettings: nonsending),
        .executableTarget(name: "umuve-sim", dependencies: [
            "UmuveSim",
            .product(name: "SimCommandLine", package: "onboarding-sim"),
        ], swiftSettings: nonsending),
    ],
    swiftLanguageModes: [.v6]
)
