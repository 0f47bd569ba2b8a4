// swift-tools-version: 6.0
// onboarding-sim: a deterministic fault-injection simulator for a mobile app's onboarding flow.
// The package takes no dependencies by design: everything is built on the toolchain alone.
import PackageDescription

let package = Package(
    name: "onboarding-sim",
    products: [
        .library(name: "SimKernel", targets: ["SimKernel"]),
        .library(name: "OnboardingModel", targets: ["OnboardingModel"]),
        .executable(name: "onboarding-sim", targets: ["onboarding-sim"]),
        .executable(name: "onboarding-bench", targets: ["onboarding-bench"]),
    ],
    targets: [
        // Domain-free: executor, virtual clock, seeded randomness, trace, limits, escape guard.
        .target(name: "SimKernel"),
        // The app under simulation: client store, sync queue, OTP timer, backend, network, device, mutants.
        .target(name: "OnboardingModel", dependencies: ["SimKernel"]),
        .executableTarget(name: "onboarding-sim", dependencies: ["SimKernel", "OnboardingModel"]),
        .executableTarget(name: "onboarding-bench", dependencies: ["SimKernel"]),
        .testTarget(name: "SimKernelTests", dependencies: ["SimKernel"]),
        .testTarget(name: "OnboardingModelTests", dependencies: ["OnboardingModel", "SimKernel"]),
        // Runs the built command-line tool as a user would.
        .testTarget(name: "EndToEndTests", dependencies: ["onboarding-sim", "SimKernel"]),
    ],
    swiftLanguageModes: [.v6]
)
