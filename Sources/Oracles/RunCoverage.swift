import SimKernel
import AppVocabulary

/// What one run reached, read from its screens and events like an oracle reads them: which
/// actions the user took on which screen, which actions screens offered, which faults hit a
/// request on which screen, and which lifecycle events happened on which screen.
///
/// Kept as bitsets over the app's `CoverageTable` (its screens × its actions, faults, lifecycle
/// events, numbered when it registered), so a run costs a few words and an exploration adds runs
/// up by counting bits, for any app alike.
///
/// ```swift
/// let coverage = RunCoverage.of(RunObservation(trace: result.simulation.trace), table: table)
/// coverage.contains(.taken, route: table.routeIndex(.named(hall))!, item: 0)
/// ```
public struct RunCoverage: Sendable, Equatable {
    /// The kinds of pair counted, each over the app's screens × its own vocabulary.
    public enum Pairs: Int, Sendable, CaseIterable {
        /// (screen, action taken): the user's accepted taps.
        case taken
        /// (screen, action offered): every action a screen showed enabled.
        case offered
        /// (screen, fault hit): a fault applied to a request sent from that screen, or the connection lost on it.
        case faults
        /// (screen, lifecycle event): launch, kill, background, foreground, reinstall, corrupted cache, sign-out.
        case lifecycle
    }

    /// Every fault a run is read for, in bit order (`faultApplied`'s names, `offline` for the
    /// connection lost).
    public static let faultNames = ["drop", "timeout", "error", "delay", "offline", "account-deleted", "session-revoked", "account-lost"]
    /// Every lifecycle event a run is read for, in bit order.
    public static let lifecycleNames = ["launch", "kill", "background", "foreground", "reinstall", "corrupt-cache", "sign-out"]

    /// The app's table the bits number.
    public let table: CoverageTable
    /// The app whose run this is.
    public var app: AppID { table.app }
    /// Each kind's words, one after another in one array (one allocation a run).
    private var bits: [UInt64]
    /// Where each kind's words start in `bits`, and (last) how many words there are.
    private let wordOffsets: [Int]

    /// A run that reached nothing yet.
    public init(table: CoverageTable) {
        self.table = table
        wordOffsets = Pairs.allCases.reduce(into: [0]) { $0.append($0.last! + (table.size($1) + 63) / 64) }
        bits = Array(repeating: 0, count: wordOffsets.last!)
    }

    public static func == (lhs: RunCoverage, rhs: RunCoverage) -> Bool { lhs.app == rhs.app && lhs.bits == rhs.bits }

    /// Whether the run reached (`table.routeNames[route]`, `table.vocabulary(pairs)[item]`);
    /// false for indices out of range.
    public func contains(_ pairs: Pairs, route: Int, item: Int) -> Bool {
        let width = table.width(pairs)
        guard table.routeNames.indices.contains(route), (0..<width).contains(item) else { return false }
        let bit = route * width + item
        return bits[wordOffsets[pairs.rawValue] + bit / 64] & (1 << UInt64(bit % 64)) != 0
    }

    mutating func insert(_ pairs: Pairs, route: Int, item: Int, width: Int) {
        let bit = route * width + item
        bits[wordOffsets[pairs.rawValue] + bit / 64] |= 1 << UInt64(bit % 64)
    }

    /// Calls `body` with the bit number of every pair of `pairs` this run reached.
    public func forEach(_ pairs: Pairs, _ body: (Int) -> Void) {
        let first = wordOffsets[pairs.rawValue]
        for word in first..<wordOffsets[pairs.rawValue + 1] where bits[word] != 0 {
            var rest = bits[word]
            while rest != 0 {
                body((word - first) * 64 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }

    /// What `run` of `table`'s app reached: one pass over its events, the route of the screen
    /// up carried along (a screen the app does not list is not counted).
    public static func of(_ run: RunObservation, table: CoverageTable) -> RunCoverage {
        var coverage = RunCoverage(table: table)
        let actions = table.actions.count, faults = faultNames.count, lifecycle = lifecycleNames.count
        var route: Int? = 0
        var previous: ScreenState?
        // By position, the event read where it is: a `for event in` copies each one (a retain and
        // a release of its payload, for every event of every run).
        let events = run.events
        for position in events.indices {
            switch events[position].event {
            case .screen(let state):
                // Most screen changes keep the route and the actions (a countdown tick, a spinner).
                if let previous, previous.route == state.route, previous.actions == state.actions { continue }
                if previous?.route != state.route { route = table.routeIndex(state.route) }
                previous = state
                // A screen the app does not list is not counted.
                guard let route else { continue }
                for action in state.actions {
                    guard let item = table.actions.position(of: action) else { continue }
                    coverage.insert(.offered, route: route, item: item, width: actions)
                }
            case .userAction(let action, _):
                guard let route, let item = table.actions.position(of: action) else { continue }
                coverage.insert(.taken, route: route, item: item, width: actions)
            case .faultApplied(_, _, let fault):
                guard let route else { continue }
                coverage.insert(.faults, route: route, item: faultIndex(fault), width: faults)
            case .connectivity(online: false):
                guard let route else { continue }
                coverage.insert(.faults, route: route, item: 4, width: faults)
            default:
                guard let route, let item = lifecycleIndex(events[position].event) else { continue }
                coverage.insert(.lifecycle, route: route, item: item, width: lifecycle)
            }
        }
        return coverage
    }

    /// `drop`, `error(500)`, `delay(4016ms)`, `account-deleted user=u1` → its name's index.
    static func faultIndex(_ fault: String) -> Int {
        // Read as bytes: the names are ASCII, and cutting by `Character` then comparing a
        // substring cost about 3,000 instructions a fault.
        var fault = fault
        return fault.withUTF8 { bytes in
            let name = bytes[..<(bytes.firstIndex { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: " ") } ?? bytes.endIndex)]
            return faultNameBytes.firstIndex { $0.elementsEqual(name) } ?? faultNames.count - 1
        }
    }

    /// `faultNames` as bytes, for `faultIndex`.
    private static let faultNameBytes: [[UInt8]] = faultNames.map { Array($0.utf8) }

    static func lifecycleIndex(_ event: ModelEvent) -> Int? {
        switch event {
        case .launched: 0
        case .killed: 1
        case .backgrounded: 2
        case .foregrounded: 3
        case .reinstalled: 4
        case .cacheCorrupted: 5
        case .signedOut: 6
        default: nil
        }
    }
}
