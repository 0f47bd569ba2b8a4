import SimKernel
import AppVocabulary
import Oracles

/// What a run reached that another may not have: keys of what the user saw and did, each with the
/// instant the run first reached it. Branching exploration (`BranchingExploration`) keeps a run
/// that reached a key no earlier run had, and explores new futures from that instant.
///
/// A key is one of:
/// - a change of screen state: the state before and after, each the user-visible parts of a
///   screen (route, loading screen, spinner, error, offered actions, offline banner, system
///   sheet, alert, resume choice, a countdown at zero, foreground, page), with whether someone is
///   signed in and whether work is queued (AFL's edges, over what a user sees);
/// - an action taken, a fault hit or a lifecycle event, on the state it happened on.
///
/// What fields hold (an email, a code, the goals listed) is left out: it would make every run new.
public enum ReachedStates {
    /// The run's keys with the instant each was first reached, in trace order (a key at most once).
    public static func of(_ run: RunObservation) -> [(key: UInt64, time: SimulationInstant)] {
        var reached: [(key: UInt64, time: SimulationInstant)] = []
        var seen = Set<UInt64>()  // membership only, never iterated
        var state: UInt64 = 0
        var screen: UInt64 = 0
        var signedIn = false
        var queued = 0
        func note(_ key: UInt64, _ time: SimulationInstant) {
            if seen.insert(key).inserted { reached.append((key, time)) }
        }
        for event in run.events {
            let before = state
            switch event.event {
            case .screen(let shown):
                screen = signature(of: shown)
            case .signedIn: signedIn = true
            case .signedOut: signedIn = false
            case .syncQueued: queued += 1
            case .syncDelivered, .syncAbandoned: queued = max(0, queued - 1)
            case .userAction(let action, _):
                note(mix(state ^ mix(action.fingerprint)), event.time)
            case .faultApplied(_, _, let fault):
                note(mix(state ^ TraceHasher.fnv1a("fault " + fault.prefix { $0 != "(" && $0 != " " })), event.time)
            case .connectivity(let online):
                note(mix(state ^ (online ? 0x6F6E : 0x6F66)), event.time)
            case .launched, .killed, .backgrounded, .foregrounded, .reinstalled, .cacheCorrupted, .accountLost:
                note(mix(state ^ TraceHasher.fnv1a("life \(event.event.kind.rawValue)")), event.time)
            default:
                continue
            }
            state = mix(screen ^ (signedIn ? 0x5349 : 0) ^ (queued > 0 ? 0x5155_0000 : 0))
            if state != before { note(mix(before &* 31 ^ state), event.time) }
        }
        return reached
    }

    /// The user-visible parts of a screen, as one key.
    static func signature(of screen: ScreenState) -> UInt64 {
        var hasher = TraceHasher()
        hasher.combine(screen.route?.description ?? "-")
        hasher.combine("|" + (screen.loadingScreen ?? "") + "|" + (screen.spinner ?? "") + "|" + (screen.errorText ?? ""))
        for action in screen.actions { hasher.combine("," + action.rawValue) }
        hasher.combine("|" + (screen.systemSheet ?? "") + "|" + (screen.alert ?? ""))
        let flags = (screen.offlineBanner ? 1 : 0) | (screen.resumeGate ? 2 : 0) | (screen.foreground ? 4 : 0)
            | (screen.countdown == 0 ? 8 : 0)
        hasher.combine("|\(flags)|\(screen.page ?? -1)")
        return hasher.value
    }

    /// SplitMix64's finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
