import Testing
import Exploration
import ToolAppsForTests

/// When the tool restarts itself with glibc's allocator cache enlarged, and when it leaves the
/// environment alone.
@Suite struct AllocatorTuningTests {
    init() { ToolApps.register() }
    @Test func anUntunedEnvironmentGetsTheCacheSetting() {
        #expect(AllocatorTuning.tunables(current: nil, optOut: nil) == "glibc.malloc.tcache_count=1000")
        #expect(AllocatorTuning.tunables(current: "", optOut: nil) == "glibc.malloc.tcache_count=1000")
    }

    @Test func otherTunablesAreKeptAndTheCacheSettingAppended() {
        #expect(AllocatorTuning.tunables(current: "glibc.malloc.mxfast=0", optOut: nil)
                == "glibc.malloc.mxfast=0:glibc.malloc.tcache_count=1000")
    }

    @Test func aCacheSizeAlreadyChosenOrAnOptOutMeansNoRestart() {
        #expect(AllocatorTuning.tunables(current: "glibc.malloc.tcache_count=7", optOut: nil) == nil)
        #expect(AllocatorTuning.tunables(current: nil, optOut: "0") == nil)
        #expect(AllocatorTuning.tunables(current: nil, optOut: "1") == "glibc.malloc.tcache_count=1000")
    }
}
