import SimKernel
import AppVocabulary

/// A plug-in app's coverage: the same four kinds of pair, named by the app's own routes and
/// actions instead of numbered in the bundled apps' tables.
extension RunCoverage {
    /// The key of a named pair: its kind, its screen and its item, tab-separated.
    public static func namedKey(_ pairs: Pairs, route: String, item: String) -> String {
        "\(pairs.rawValue)\t\(route)\t\(item)"
    }

    /// The kind, screen and item of a named pair's key; nil for a key that is not one.
    public static func namedPair(_ key: String) -> (pairs: Pairs, route: String, item: String)? {
        let parts = key.split(separator: "\t", omittingEmptySubsequences: false)
        guard parts.count == 3, let raw = Int(parts[0]), let pairs = Pairs(rawValue: raw) else { return nil }
        return (pairs, String(parts[1]), String(parts[2]))
    }

    /// The faults and lifecycle events a plug-in app's runs can meet: no cache of ours to
    /// corrupt, no accounts of ours to lose, no sign-out of ours to count.
    public static let pluginFaultNames = ["drop", "timeout", "error", "delay", "offline"]
    public static let pluginLifecycleNames = ["launch", "kill", "background", "foreground", "reinstall"]

    /// A screen's name for coverage: "none" when the app is not running.
    static func routeName(_ route: Route?) -> String {
        switch route {
        case nil: "none"
        case .named(let name)?: name.name
        case let other?: other.description
        }
    }

    mutating func addNamedPairs(of run: RunObservation) {
        var route = "none"
        var previous: ScreenState?
        for event in run.events {
            switch event.event {
            case .screen(let state):
                route = Self.routeName(state.route)
                if let previous, previous.route == state.route, previous.actions == state.actions { continue }
                previous = state
                for action in state.actions { insertNamed(.offered, route, action.rawValue) }
            case .userAction(let action, _): insertNamed(.taken, route, action.rawValue)
            case .faultApplied(_, _, let fault): insertNamed(.faults, route, Self.faultNames[Self.faultIndex(fault)])
            case .connectivity(online: false): insertNamed(.faults, route, "offline")
            default:
                guard let item = Self.lifecycleIndex(event.event) else { continue }
                insertNamed(.lifecycle, route, Self.lifecycleNames[item])
            }
        }
    }

    private mutating func insertNamed(_ pairs: Pairs, _ route: String, _ item: String) {
        let key = Self.namedKey(pairs, route: route, item: item)
        var low = 0, high = namedPairs.count
        while low < high {
            let middle = (low + high) / 2
            if namedPairs[middle] < key { low = middle + 1 } else { high = middle }
        }
        if low < namedPairs.count, namedPairs[low] == key { return }
        namedPairs.insert(key, at: low)
    }
}
