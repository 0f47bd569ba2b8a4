import Synchronization

/// Every plug-in route name made in this process, each once, numbered in the order first made:
/// what `RouteName`'s number stands for. Bounded by the routes apps declare (scenarios name
/// routes from an app's list; they never add to it).
enum RouteTable {
    private struct Table {
        var entries: [(name: String, kind: Route.Kind)] = []
        var numbers: [String: UInt32] = [:]
    }

    private static let table = Mutex(Table())

    static func intern(_ name: String, kind: Route.Kind) -> UInt32 {
        let key = kind.rawValue + " " + name
        return table.withLock { table in
            if let number = table.numbers[key] { return number }
            precondition(table.entries.count < Int(UInt32.max), "more route names than a RouteName can number")
            let number = UInt32(table.entries.count)
            table.entries.append((name, kind))
            table.numbers[key] = number
            return number
        }
    }

    static func entry(_ number: UInt32) -> (name: String, kind: Route.Kind) {
        table.withLock { $0.entries[Int(number)] }
    }
}
