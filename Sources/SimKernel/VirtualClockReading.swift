#if canImport(Glibc)
import Glibc

/// `ContinuousClock.now` and `SuspendingClock.now` read the run's virtual time on a thread that  // determinism: ok (names it)
/// drives a run, so a `Task.sleep` (which computes its deadline as `now` plus the duration) is  // determinism: ok (names it)
/// parked for exactly its duration, however long the host stalls the thread in between (#47).
///
/// On Swift 6.3.1 for Linux both clocks read the time through one call, `swift_get_time`, in
/// `libswift_Concurrency.so`, which asks libc's `clock_gettime` through the library's procedure
/// linkage table. The guard points that one slot at a function of its own, once per process:
/// on a thread that drives a run it answers the monotonic and boot clocks with a fixed epoch
/// plus the run's `now`; on every other thread, and for every other clock (`Date()`'s real  // determinism: ok (names it)
/// time), it calls libc's own `clock_gettime`. Nothing else in the process reads the time
/// through that slot. Where the slot cannot be found (a statically linked runtime, another
/// platform) nothing is changed and `VirtualSleep` reads durations back from the real clock.
enum VirtualClockReading {
    /// True when the slot was found and pointed at the run's clock.
    static let isInstalled: Bool = install()

    /// Where the run's virtual time starts on the continuous and suspending clocks: a fixed
    /// instant, the same in every process, far from zero as a device's uptime is.
    static let epochSeconds = 1_000_000

    private static func install() -> Bool {
        guard let base = loadAddress(of: "libswift_Concurrency.so"), let slot = linkageSlot(named: "clock_gettime", inImageAt: base),
              let handle = dlopen(nil, RTLD_NOW), let libc = dlsym(handle, "clock_gettime") else { return false }
        realClockGetTime = unsafeBitCast(libc, to: ClockGetTime.self)
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let page = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: slot) & ~(pageSize - 1))
        // Writable as the loader left it for lazy binding (its other slots on the page are still
        // filled in on first call: the page stays writable), or made so under full RELRO.
        guard mprotect(page, Int(pageSize), PROT_READ | PROT_WRITE) == 0 else { return false }
        slot.pointee = unsafeBitCast(virtualClockGetTime, to: UnsafeRawPointer.self)
        return true
    }

    /// Where the shared library whose file name contains `name` is mapped, from `/proc/self/maps`
    /// (the mapping of its first page).
    private static func loadAddress(of name: String) -> UInt? {
        guard let maps = fopen("/proc/self/maps", "r") else { return nil }
        defer { fclose(maps) }
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), maps) != nil {
            let length = line.firstIndex(of: 0) ?? line.count
            let text = String(decoding: line[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.contains(name) else { continue }
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 3, fields[2] == "00000000", let range = fields[0].split(separator: "-").first else { continue }
            return UInt(range, radix: 16)
        }
        return nil
    }

    /// The global offset table slot through which the ELF image at `base` calls `symbol`.
    private static func linkageSlot(named symbol: String, inImageAt base: UInt) -> UnsafeMutablePointer<UnsafeRawPointer?>? {
        let header = UnsafePointer<Elf64_Ehdr>(bitPattern: base)!.pointee
        var dynamic: UnsafePointer<Elf64_Dyn>?
        for index in 0..<UInt(header.e_phnum) {
            let offset = UInt(header.e_phoff) + index * UInt(header.e_phentsize)
            let segment = UnsafePointer<Elf64_Phdr>(bitPattern: base + offset)!.pointee
            if segment.p_type == UInt32(PT_DYNAMIC) { dynamic = UnsafePointer(bitPattern: base + UInt(segment.p_vaddr)) }
        }
        guard var entry = dynamic else { return nil }
        var relocations: UInt = 0, relocationBytes: UInt = 0, symbols: UInt = 0, strings: UInt = 0
        while entry.pointee.d_tag != Int64(DT_NULL) {
            switch entry.pointee.d_tag {
            case Int64(DT_JMPREL): relocations = UInt(entry.pointee.d_un.d_ptr)
            case Int64(DT_PLTRELSZ): relocationBytes = UInt(entry.pointee.d_un.d_val)
            case Int64(DT_SYMTAB): symbols = UInt(entry.pointee.d_un.d_ptr)
            case Int64(DT_STRTAB): strings = UInt(entry.pointee.d_un.d_ptr)
            default: break
            }
            entry += 1
        }
        // The loader relocates these addresses in place; an unrelocated one is an offset.
        func address(_ value: UInt) -> UInt { value < base ? base + value : value }
        guard relocations != 0, symbols != 0, strings != 0,
              let table = UnsafePointer<Elf64_Rela>(bitPattern: address(relocations)),
              let symbolTable = UnsafePointer<Elf64_Sym>(bitPattern: address(symbols)),
              let names = UnsafePointer<CChar>(bitPattern: address(strings)) else { return nil }
        for index in 0..<Int(relocationBytes) / MemoryLayout<Elf64_Rela>.stride {
            let relocation = table[index]
            let name = names + Int(symbolTable[Int(relocation.r_info >> 32)].st_name)
            guard strcmp(name, symbol) == 0 else { continue }
            return UnsafeMutablePointer(bitPattern: base + UInt(relocation.r_offset))
        }
        return nil
    }
}

typealias ClockGetTime = @convention(c) (clockid_t, UnsafeMutablePointer<timespec>?) -> Int32

// Written once, inside `install()`, before the slot points at `virtualClockGetTime`.
nonisolated(unsafe) private var realClockGetTime: ClockGetTime?

/// The run's time for the monotonic and boot clocks on a thread that drives a run; libc's for
/// everything else.
private let virtualClockGetTime: ClockGetTime = { clock, time in
    if clock == CLOCK_MONOTONIC || clock == CLOCK_BOOTTIME || clock == CLOCK_MONOTONIC_RAW,
       let time, let simulation = EscapeGuard.active?.simulation {
        let nanoseconds = simulation.now.nanoseconds
        time.pointee = timespec(tv_sec: VirtualClockReading.epochSeconds + Int(nanoseconds / 1_000_000_000),
                                tv_nsec: Int(nanoseconds % 1_000_000_000))
        return 0
    }
    return realClockGetTime!(clock, time)
}
#else
enum VirtualClockReading {
    static let isInstalled = false
}
#endif
