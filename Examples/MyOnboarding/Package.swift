// swift-tools-version: 6.0
// An email-code onboarding store written from seeds 002 and 003 the way an iOS team writes one,
// by a team's trial working from README and docs/ alone, simulated by onboarding-sim
// (docs/your-app.md, "A team's trial").
import PackageDescription

let package = Package(
    name: "MyOnboarding",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "onboarding-sim", path: "../..")],
    targets: [
        // The app: Foundation and Observation only.
        .target(name: "MyOnboarding"),
        // The glue: plug-in, adapters, mock backend.
        .target(name: "MyOnboardingSim", dependencies: [
            "MyOnboarding",
            .product(name: "SimCommandLine", package: "onboarding-sim"),
            .product(name: "Scenarios", package: "onboarding-sim"),
            .product(name: "AppVocabulary", package: "onboarding-sim"),
            .product(name: "SimKernel", package: "onboarding-sim"),
            .product(name: "AppHarness", package: "onboarding-sim"),
            .product(name: "Oracles", package: "onboarding-sim"),
        ]),
        .executableTarget(name: "my-onboarding-sim", dependencies: [
            "MyOnboardingSim",
            .product(name: "SimCommandLine", package: "onboarding-sim"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
