import Testing
import SimKernel
@testable import AppVocabulary
@testable import OnboardingModel

/// Offline windows that overlap keep the device offline until the last of them closes: one
/// window's end never brings the connection back while another is still open.
@Suite struct OfflineWindowTests {
    func window(_ start: Int, _ length: Int) -> OfflineWindow {
        OfflineWindow(start: .seconds(start), duration: .seconds(length))
    }

    @Test func overlappingAndTouchingWindowsJoinAndSeparateOnesStay() {
        let merged = FaultPlan.merged([window(10, 5), window(0, 12), window(30, 2), window(15, 1)])
        #expect(merged == [window(0, 16), window(30, 2)])
        #expect(FaultPlan.merged([window(5, 1)]) == [window(5, 1)])
        #expect(FaultPlan.merged([]) == [])
    }

    @Test func theOrderOfThePlanDoesNotMatter() {
        var random = SeededRandom(seed: 11, stream: "windows")
        for _ in 0..<200 {
            let windows = (0..<4).map { _ in window(random.nextInt(in: 0...40), random.nextInt(in: 1...15)) }
            let reversed = FaultPlan.merged(Array(windows.reversed()))
            #expect(FaultPlan.merged(windows) == reversed)
            // No two merged windows overlap or touch, and every second of any window is covered.
            let merged = FaultPlan.merged(windows)
            for (first, second) in zip(merged, merged.dropFirst()) { #expect(first.start + first.duration < second.start) }
            for window in windows {
                #expect(merged.contains { $0.start <= window.start && window.start + window.duration <= $0.start + $0.duration })
            }
        }
    }
}
