import SimKernel
import AppVocabulary

/// A run as oracles see it: the model's events in order, with the screens, launches, the
/// signed-in user and every account's journey over time worked out once.
public struct RunObservation: Sendable {
    /// One model event with its place in the trace.
    public typealias Event = RecordedEvent<ModelEvent>

    /// One launch of the app, from `launched` to its kill (or the end of the run).
    public struct Launch: Sendable {
        public let number: Int
        public let start: SimulationInstant
        public let startIndex: Int
        public let end: SimulationInstant
        public let endIndex: Int
        public let sessionUser: String?
        public let cacheHit: Bool
    }

    public let events: [Event]
    /// What the app's actions and requests are to the user (`AppRoles`): what oracles read
    /// instead of names.
    public let roles: AppRoles
    /// What the app's timing metrics are numbered by (`TimingTable`, made when it registered);
    /// nil for a run of no registered app, whose metrics number the screens it met.
    public let timing: TimingTable?
    /// The positions in `events` grouped by kind (kind by kind, each group in order), and where
    /// each kind's group starts: oracles ask for a few kinds and never copy the other events.
    private let positionsByKind: [Int]
    private let kindStarts: [Int]
    public let screens: [(index: Int, time: SimulationInstant, state: ScreenState)]
    public let launches: [Launch]
    public let end: SimulationInstant
    /// The trace, for excerpts: its entries and lines are built only when a violation quotes them.
    private let trace: Trace
    /// Who is signed in from each trace index on (sign-ins and sign-outs, in order).
    private let signIns: [(index: Int, user: String?)]
    /// Each account's journey from each trace index on, by user.
    private let journeys: SmallMap<[(index: Int, journey: AccountJourney)]>
    /// The requests to refresh the session that a user's request awaited after its 401, though
    /// their endpoint is declared `.background` (`isBackground(_:id:)`).
    @usableFromInline let awaitedRefreshes: [Int]
    /// The declared role of each user action, by position in `events` (`.forward` for every other
    /// event): looked up once a tap, where a dozen rules asked the roles' table for each tap.
    @usableFromInline let actionRoles: [ActionRole]
    /// What each request's endpoint is to the app (`AppRoles.facts(of:)`), by position in `events`
    /// for every event that names an endpoint (`RequestFacts.undeclared` for every other event).
    @usableFromInline let requestFacts: [RequestFacts]
    /// Every request the client sent, in order, from its sending to its answer or kill.
    public let requestSpans: [RequestSpan]

    /// - Parameters:
    ///   - trace: the run's trace.
    ///   - roles: the app's roles (`AppPlugin.roles`); by default none, so every action moves the
    ///     user on and every request is a tap's.
    ///   - timing: the app's timing table (`AppRegistry.timingTable(of:)`), or nil.
    public init(trace: Trace, roles: AppRoles = .none, timing: TimingTable? = nil) {
        self.trace = trace
        self.roles = roles
        self.timing = timing
        // The trace's own log of model events: shared, not copied event by event.
        let events = trace.events(of: ModelEvent.self)
        var kinds: [ModelEvent.Kind] = []
        kinds.reserveCapacity(events.count)
        for position in events.indices { kinds.append(events[position].event.kind) }
        self.events = events
        (positionsByKind, kindStarts) = Self.groupByKind(kinds)
        let userActions = Self.positions(of: [.userAction], in: positionsByKind, starts: kindStarts)
        actionRoles = Self.actionRoles(of: events, at: userActions, roles: roles)
        requestFacts = Self.requestFacts(of: events, roles: roles,
                                         at: Self.positions(of: [.requestSent, .faultApplied, .responseReceived, .backendHandled,
                                                                 .requestCarries], in: positionsByKind, starts: kindStarts))
        requestSpans = Self.requestSpans(in: EventsOfKinds(events: events, positions: Self.positions(of: [.requestSent, .responseReceived, .killed],
                                                                                                 in: positionsByKind, starts: kindStarts)))
        // Built once the screens are counted: one allocation of the right size.
        let screenPositions = Self.positions(of: [.screen], in: positionsByKind, starts: kindStarts)
        var screens: [(index: Int, time: SimulationInstant, state: ScreenState)] = []
        screens.reserveCapacity(screenPositions.count)
        // Whether the app is in front is the device's record (the user went home, came back, or
        // launched it), never the app's own flag on its screens (mutation work: a screen that
        // kept claiming the foreground while the user was on the home screen went unnoticed).
        var fronts = Self.positions(of: [.launched, .backgrounded, .foregrounded], in: positionsByKind, starts: kindStarts)
            .makeIterator()
        var nextFront = fronts.next()
        var inFront = true
        for position in screenPositions {
            while let change = nextFront, change < position {
                inFront = events[change].event.kind != .backgrounded
                nextFront = fronts.next()
            }
            guard case .screen(var state) = events[position].event else { continue }
            if state.foreground != inFront { state.foreground = inFront }
            // An error with no text to read is no error the user saw (hand-written bug: an
            // activation failure reported as "" left Activate spinning back with nothing said).
            if let error = state.errorText, TextSearch.isBlank(error) { state.errorText = nil }
            screens.append((events[position].index, events[position].time, state))
        }
        self.screens = screens
        end = trace.endTime
        var signIns: [(index: Int, user: String?)] = []
        var journeys: SmallMap<[(index: Int, journey: AccountJourney)]> = [:]
        for position in Self.positions(of: [.signedIn, .signedOut, .accountSeeded, .journeyChanged],
                                       in: positionsByKind, starts: kindStarts) {
            let event = events[position]
            switch event.event {
            case .signedIn(let user): signIns.append((event.index, user))
            case .signedOut: signIns.append((event.index, nil))
            case .accountSeeded(let user, _, let journey), .journeyChanged(let user, let journey):
                journeys[user, default: []].append((event.index, journey))
            default: break
            }
        }
        self.signIns = signIns
        self.journeys = journeys
        let lifecycle = Self.positions(of: [.launched, .launchContext, .killed], in: positionsByKind, starts: kindStarts)
        launches = Self.launches(in: EventsOfKinds(events: events, positions: lifecycle), end: end, endIndex: trace.count)
        awaitedRefreshes = roles.refreshesInTheBackground
            ? Self.awaitedRefreshes(in: EventsOfKinds(events: events, positions: Self.positions(of: [.requestSent, .responseReceived],
                                                                                           in: positionsByKind, starts: kindStarts)),
                                    roles: roles)
            : []
    }

    /// The cause of a request is chosen per call where one endpoint is both (004: the refresh
    /// goes out in the background when main appears, and is awaited after a 401): a refresh sent
    /// in the instant a user's request came back 401, or out when it came (the app joins it), is
    /// that request's work, not the background's.
    private static func awaitedRefreshes(in requests: EventsOfKinds, roles: AppRoles) -> [Int] {
        var awaited: [Int] = []
        var out: [Int] = []
        var refusedAt: SimulationInstant?
        for event in requests.places {
            switch requests[event] {
            case .requestSent(let id, _, let endpoint) where roles.endpoint(endpoint, is: .refreshesSession):
                out.append(id)
                if refusedAt == event.time, !awaited.contains(id) { awaited.append(id) }
            case .responseReceived(let id, let endpoint, let outcome):
                out.removeEvery(id)
                guard TextSearch.hasPrefix(outcome, "status 401"), !roles.isBackground(endpoint),
                      !roles.endpoint(endpoint, is: .refreshesSession) else { continue }
                refusedAt = event.time
                for pending in out where !awaited.contains(pending) { awaited.append(pending) }
            default: break
            }
        }
        return awaited
    }

    // MARK: Events by kind.

    /// The positions in `events` of the events of `wanted` kinds, in order.
    public func positions(of wanted: ModelEvent.Kinds) -> [Int] {
        Array(Self.positions(of: wanted, in: positionsByKind, starts: kindStarts))
    }

    /// The events of `wanted` kinds, in order: what an oracle that judges a few kinds scans
    /// instead of every event. A view, not a copy: the events are read where they are, and
    /// asking for one kind (or kinds of which only one occurs) allocates nothing.
    public func events(_ wanted: ModelEvent.Kinds) -> EventsOfKinds {
        EventsOfKinds(events: events, positions: Self.positions(of: wanted, in: positionsByKind, starts: kindStarts))
    }

    /// A counting sort of the positions by kind.
    private static func groupByKind(_ kinds: [ModelEvent.Kind]) -> (positions: [Int], starts: [Int]) {
        var starts = [Int](repeating: 0, count: ModelEvent.Kind.allCases.count + 1)
        for kind in kinds { starts[Int(kind.rawValue) + 1] += 1 }
        for kind in 1..<starts.count { starts[kind] += starts[kind - 1] }
        var next = starts
        var positions = [Int](repeating: 0, count: kinds.count)
        for (position, kind) in kinds.enumerated() {
            positions[next[Int(kind.rawValue)]] = position
            next[Int(kind.rawValue)] += 1
        }
        return (positions, starts)
    }

    /// The positions of the wanted kinds' events, in order: a slice of `grouped` itself when only
    /// one wanted kind occurs, else the groups merged into a new array.
    private static func positions(of wanted: ModelEvent.Kinds, in grouped: [Int], starts: [Int]) -> ArraySlice<Int> {
        var only: Range<Int>?
        var count = 0
        var groups = 0
        for raw in wanted.rawValues where starts[raw + 1] > starts[raw] {
            only = starts[raw]..<starts[raw + 1]
            count += starts[raw + 1] - starts[raw]
            groups += 1
        }
        guard groups > 1 else { return grouped[only ?? 0..<0] }
        // The groups are each in order: mark their positions in a bitmap of every event (on the
        // stack) and read the marks back in order, instead of sorting.
        let words = (grouped.count + 63) / 64
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { marks in
            marks.initialize(repeating: 0)
            for raw in wanted.rawValues {
                for position in grouped[starts[raw]..<starts[raw + 1]] { marks[position >> 6] |= 1 << UInt64(position & 63) }
            }
            // Read back into a buffer on the stack, then copied into the array at once: an
            // `append` per position checked the array's uniqueness and capacity each time.
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { buffer in
                var next = 0
                for word in 0..<words {
                    var rest = marks[word]
                    while rest != 0 {
                        buffer[next] = word << 6 | rest.trailingZeroBitCount
                        next += 1
                        rest &= rest - 1
                    }
                }
                precondition(next == count, "the merged kinds' positions were miscounted")
                return Array(buffer)[...]
            }
        }
    }

    /// The launches from the lifecycle's events, read where they lie (not copied into a list).
    private static func launches(in events: EventsOfKinds, end: SimulationInstant, endIndex: Int) -> [Launch] {
        var result: [Launch] = []
        var open: (number: Int, event: EventPlace)?
        var context: (String?, Bool) = (nil, false)
        func close(at time: SimulationInstant, index: Int) {
            guard let current = open else { return }
            result.append(Launch(number: current.number, start: current.event.time, startIndex: current.event.index,
                                 end: time, endIndex: index, sessionUser: context.0, cacheHit: context.1))
            open = nil
        }
        for event in events.places {
            switch events[event] {
            case .launched(let number, _):
                close(at: event.time, index: event.index)
                open = (number, event)
            case .launchContext(let user, let hit):
                context = (user, hit)
            case .killed:
                close(at: event.time, index: event.index)
            default:
                break
            }
        }
        close(at: end, index: endIndex)
        return result
    }

    // MARK: Questions oracles ask.

    /// The screen showing at `index` (the last screen event at or before it).
    public func screen(atIndex index: Int) -> (index: Int, time: SimulationInstant, state: ScreenState)? {
        let position = Self.lastPosition(in: screens.count) { screens[$0].index <= index }
        return position.map { screens[$0] }
    }

    /// When the screen at `position` of `screens` gave way to the next (or the run ended): a
    /// screen whose end is its own instant passed within it and was never there to see.
    public func screenEnds(at position: Int) -> SimulationInstant {
        position + 1 < screens.count ? screens[position + 1].time : end
    }

    /// The screens shown after trace index `first` up to and including `last`, without copying them.
    public func screens(after first: Int, through last: Int) -> ArraySlice<(index: Int, time: SimulationInstant, state: ScreenState)> {
        let start = Self.lastPosition(in: screens.count) { screens[$0].index <= first }.map { $0 + 1 } ?? 0
        let end = Self.lastPosition(in: screens.count) { screens[$0].index <= last }.map { $0 + 1 } ?? 0
        return screens[start..<max(start, end)]
    }

    /// The screens shown during `launch`, after its launch event and before its end.
    public func screens(during launch: Launch) -> ArraySlice<(index: Int, time: SimulationInstant, state: ScreenState)> {
        screens(after: launch.startIndex, through: launch.endIndex - 1)
    }

    /// The last position in `0..<count` where `isAtOrBefore` holds, for a predicate that holds
    /// on a prefix (binary search).
    @inlinable public static func lastPosition(in count: Int, _ isAtOrBefore: (Int) -> Bool) -> Int? {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAtOrBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// The screen showing at virtual time `time` (the last change at or before it).
    public func screen(atTime time: SimulationInstant) -> (index: Int, time: SimulationInstant, state: ScreenState)? {
        Self.lastPosition(in: screens.count) { screens[$0].time <= time }.map { screens[$0] }
    }

    /// The user signed in at `index`, if any.
    public func signedInUser(atIndex index: Int) -> String? {
        Self.lastPosition(in: signIns.count) { signIns[$0].index <= index }.flatMap { signIns[$0].user }
    }

    /// The backend journey of `user` as of `index`.
    public func journey(of user: String, atIndex index: Int) -> AccountJourney? {
        guard let history = journeys[user] else { return nil }
        return Self.lastPosition(in: history.count) { history[$0].index <= index }.map { history[$0].journey }
    }

    /// Where the backend handled the last journey request answered `ok` between `start` and
    /// `index` (exclusive): the journey the app could know from that answer is the backend's at
    /// that point (`journey(of:atIndex:)`). Nil if no journey answer came in the window.
    public func lastJourneyAnswer(after start: Int, before index: Int) -> Int? {
        let answered = events([.responseReceived]).between(after: start, before: index).last { event in
            if case .responseReceived(_, let endpoint, "ok") = event.event { return roles.endpoint(endpoint, is: .journey) }
            return false
        }
        guard let answered, case .responseReceived(let id, _, _) = answered.event else { return nil }
        // Handled before its answer arrived: searched backwards from the answer, it is near.
        return events([.backendHandled]).between(after: -1, before: answered.index)
            .last { if case .backendHandled(id, _, _) = $0.event { true } else { false } }?.index ?? answered.index
    }

    /// True when `user` had finished onboarding by `index`: seeded with a complete journey, or
    /// the backend stored the step that finishes onboarding (the fix plan's `complete`). (A program can be active before the user has
    /// seen the notification and success screens; resuming there is right.)
    public func completedOnboarding(_ user: String, atIndex index: Int) -> Bool {
        events([.accountSeeded, .progressStored]).contains { event in
            guard event.index <= index else { return false }
            switch event.event {
            case .accountSeeded(user, _, let journey): return journey.isComplete
            case .progressStored(user, let step): return step.finishesOnboarding
            default: return false
            }
        }
    }

    /// True when the run ends with the app running, the device online and no request meeting an
    /// injected fault for the whole final `window`: only then has queued work had a healthy
    /// network long enough to be due. A lost account's refusals are no fault of the network: an
    /// app that keeps sending a dead account's work meets them on a healthy one (hand bug
    /// `refused-push-of-another-user-retried-for-ever`: it held the next user's steps back).
    public func endsSettled(window: Duration) -> Bool {
        guard let launch = launches.last, launch.endIndex > lastIndex(atOrBefore: end) else { return false }
        let since = end.advanced(by: .zero - window)
        guard launch.start <= since else { return false }
        var online = true
        let view = events([.connectivity, .faultApplied])
        for event in view.places {
            switch view[event] {
            case .connectivity(let isOnline):
                if event.time > since && !isOnline { return false }
                online = isOnline
            case .faultApplied(_, _, let fault) where event.time > since:
                if !Self.isRefusal(fault) { return false }
            default:
                break
            }
        }
        return online
    }

    /// The trace index of the last entry at or before `time`.
    public func lastIndex(atOrBefore time: SimulationInstant) -> Int {
        Self.lastPosition(in: events.count) { events[$0].time <= time }.map { events[$0].index } ?? 0
    }

    /// Canonical trace lines from `first` to `last` (inclusive), at most `limit` of them,
    /// keeping the first and the last.
    public func excerpt(from first: Int, to last: Int, limit: Int = 12) -> [String] {
        let lower = max(0, min(first, last)), upper = min(trace.count - 1, max(first, last))
        guard lower <= upper else { return [] }
        let entries = trace.entries
        guard upper < entries.count else { return [] }
        let lines = entries[lower...upper].map(\.line)
        guard lines.count > limit else { return lines }
        return Array(lines.prefix(limit - 1)) + ["…", lines.last!]
    }

    /// Canonical lines of the given trace indices, in order.
    public func lines(_ indices: [Int]) -> [String] {
        let entries = trace.entries
        return indices.sorted().filter { $0 >= 0 && $0 < entries.count }.map { entries[$0].line }
    }
}

