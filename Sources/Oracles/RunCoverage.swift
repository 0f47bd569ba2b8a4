import SimKernel
import AppVocabulary

/// What one run reached, read from its screens and events like an oracle reads them: which
/// actions the user took on which screen, which actions screens offered, which faults hit a
/// request on which screen, and which lifecycle events happened on which screen.
///
/// Kept as bitsets over fixed vocabularies (routes, actions, faults, lifecycle events), so a run
/// costs a few words and an exploration adds runs up by counting bits.
///
/// ```swift
/// let coverage = RunCoverage.of(RunObservation(trace: result.simulation.trace))
/// coverage.contains(.taken, route: RunCoverage.routeIndex(.onboarding(.auth))!, item: 3)
/// ```
public struct RunCoverage: Sendable, Equatable {
    /// The kinds of pair counted, each over routes × its own vocabulary.
    public enum Pairs: Int, Sendable, CaseIterable {
        /// (screen, action taken): the user's accepted taps.
        case taken
        /// (screen, action offered): every action a screen showed enabled.
        case offered
        /// (screen, fault hit): a fault applied to a request sent from that screen, or the connection lost on it.
        case faults
        /// (screen, lifecycle event): launch, kill, background, foreground, reinstall, corrupted cache, sign-out.
        case lifecycle

        /// The names of the second element of the pair, in bit order: every app's actions (so a
        /// run of either app fits the same bits).
        public var vocabulary: [String] {
            switch self {
            case .taken, .offered: UserAction.allCases.map(\.rawValue)
            case .faults: RunCoverage.faultNames
            case .lifecycle: RunCoverage.lifecycleNames
            }
        }

        /// The part of `vocabulary` `app`'s runs can reach (the pickup app keeps no cache to
        /// corrupt, and refuses no sign-in for a lost account: it creates one).
        public func vocabulary(of app: AppID) -> [String] {
            switch self {
            case .taken, .offered: app.actions.map(\.rawValue)
            case .faults: app == .fixPlan ? vocabulary : vocabulary.filter { $0 != "account-lost" }
            case .lifecycle: app == .fixPlan ? vocabulary : vocabulary.filter { $0 != "corrupt-cache" }
            }
        }

        /// How many bits there are: routes × vocabulary, every app's.
        public var size: Int { RunCoverage.routeNames.count * vocabulary.count }

        /// The bit numbers of the pairs some run of one of `apps` could reach (its routes × its
        /// vocabulary), in order: what "possible" counts.
        public func possible(for apps: [AppID]) -> [Int] {
            let width = vocabulary.count
            var bits: [Int] = []
            for route in RunCoverage.routeNames.indices {
                for item in vocabulary.indices where apps.contains(where: { app in
                    RunCoverage.routes(of: app).contains(RunCoverage.routeNames[route])
                        && vocabulary(of: app).contains(vocabulary[item]) }) {
                    bits.append(route * width + item)
                }
            }
            return bits
        }
    }

    /// Route names in bit order: `none` (the app not running), `launch`, each phase shown as a
    /// screen, `main` (the `complete` phase is the main app's route), then the pickup app's own
    /// (`page-1` … `page-3`, `sign-in`).
    public static let routeNames = fixPlanRoutes + ["page-1", "page-2", "page-3", "sign-in"]
    static let fixPlanRoutes = ["none", "launch"] + OnboardingPhase.allCases.filter { $0 != .complete }.map(\.rawValue) + ["main"]

    /// The routes `app`'s runs can show, in bit order.
    public static func routes(of app: AppID) -> [String] {
        app == .fixPlan ? fixPlanRoutes : ["none", "page-1", "page-2", "page-3", "sign-in", "main"]
    }
    public static let faultNames = ["drop", "timeout", "error", "delay", "offline", "account-deleted", "session-revoked", "account-lost"]
    public static let lifecycleNames = ["launch", "kill", "background", "foreground", "reinstall", "corrupt-cache", "sign-out"]

    /// Each kind's words, one after another in one array (one allocation a run).
    private var bits: [UInt64] = Array(repeating: 0, count: Self.wordOffsets.last!)
    /// Where each kind's words start in `bits`, and (last) how many words there are.
    private static let wordOffsets: [Int] = Pairs.allCases.reduce(into: [0]) { $0.append($0.last! + ($1.size + 63) / 64) }

    /// The app whose run this is.
    public var app: AppID = .fixPlan
    /// A plug-in app's pairs, which the bundled apps' bit tables cannot number: one key per pair
    /// (`namedKey`), sorted, each once. Empty for the bundled apps' runs.
    public internal(set) var namedPairs: [String] = []

    public init() {}

    /// The index of `route` in `routeNames`; nil for a page past the pickup app's three and for a
    /// plug-in app's screens.
    public static func routeIndex(_ route: Route?) -> Int? {
        let main = fixPlanRoutes.count - 1
        switch route {
        case nil: return 0
        case .launch?: return 1
        case .onboarding(let phase)?: return phase == .complete ? main : 2 + phase.order
        case .main?: return main
        case .page(let number)?: return (1...3).contains(number) ? main + number : nil
        case .signIn?: return main + 4
        // A plug-in app's screens have no place in the bundled apps' table (yet).
        case .named?: return nil
        }
    }

    /// Whether the run reached (`routeNames[route]`, `pairs.vocabulary[item]`); false for indices
    /// out of range.
    public func contains(_ pairs: Pairs, route: Int, item: Int) -> Bool {
        guard RunCoverage.routeNames.indices.contains(route), pairs.vocabulary.indices.contains(item) else { return false }
        let bit = route * pairs.vocabulary.count + item
        return bits[Self.wordOffsets[pairs.rawValue] + bit / 64] & (1 << UInt64(bit % 64)) != 0
    }

    mutating func insert(_ pairs: Pairs, route: Int, item: Int, width: Int) {
        let bit = route * width + item
        bits[Self.wordOffsets[pairs.rawValue] + bit / 64] |= 1 << UInt64(bit % 64)
    }

    /// Calls `body` with the bit number of every pair of `pairs` this run reached.
    public func forEach(_ pairs: Pairs, _ body: (Int) -> Void) {
        let first = Self.wordOffsets[pairs.rawValue]
        for word in first..<Self.wordOffsets[pairs.rawValue + 1] where bits[word] != 0 {
            var rest = bits[word]
            while rest != 0 {
                body((word - first) * 64 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
    }

    /// What `run` reached: one pass over its events, the route of the screen up carried along.
    public static func of(_ run: RunObservation, app: AppID = .fixPlan) -> RunCoverage {
        var coverage = RunCoverage()
        coverage.app = app
        guard AppID.allCases.contains(app) else {
            coverage.addNamedPairs(of: run)
            return coverage
        }
        let actions = UserAction.allCases.count
        var route: Int? = 0
        var previous: ScreenState?
        for event in run.events {
            if case .screen(let state) = event.event { route = routeIndex(state.route) }
            // A page past the third is not in the table.
            guard let route else { continue }
            switch event.event {
            case .screen(let state):
                // Most screen changes keep the route and the actions (a countdown tick, a spinner).
                if let previous, previous.route == state.route, previous.actions == state.actions { continue }
                previous = state
                for action in state.actions {
                    guard let item = action.bundledPosition else { continue }
                    coverage.insert(.offered, route: route, item: item, width: actions)
                }
            case .userAction(let action, _):
                guard let item = action.bundledPosition else { continue }
                coverage.insert(.taken, route: route, item: item, width: actions)
            case .faultApplied(_, _, let fault): coverage.insert(.faults, route: route, item: faultIndex(fault), width: faultNames.count)
            case .connectivity(online: false): coverage.insert(.faults, route: route, item: 4, width: faultNames.count)
            default:
                guard let item = lifecycleIndex(event.event) else { continue }
                coverage.insert(.lifecycle, route: route, item: item, width: lifecycleNames.count)
            }
        }
        return coverage
    }

    /// `drop`, `error(500)`, `delay(4016ms)`, `account-deleted user=u1` → its name's index.
    static func faultIndex(_ fault: String) -> Int {
        let name = fault.prefix { $0 != "(" && $0 != " " }
        return faultNames.firstIndex { $0 == name } ?? faultNames.count - 1
    }

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
