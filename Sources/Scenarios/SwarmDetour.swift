/// A deviation from the straight path an app's swarm draws for the scripted user (use another
/// email, background the app at a step, kill it): the app's own value, woven into its personas'
/// steps. The swarm lists it (`description`) and explore counts runs by its `kind`.
///
/// ```swift
/// enum DoorDetour: SwarmDetour, Equatable {
///     case knockTwice
///     var kind: String { "knock twice" }
///     var description: String { "knock twice at the door" }
/// }
/// swarm.detour = DrawnDetour(DoorDetour.knockTwice)
/// ```
public protocol SwarmDetour: Sendable, CustomStringConvertible {
    /// The detour without its parameters (`background`, `kill`): what explore counts runs by.
    var kind: String { get }
    /// Whether `other` is the same detour (for `Equatable` detours, `==`).
    func isSameDetour(as other: any SwarmDetour) -> Bool
}

extension SwarmDetour where Self: Equatable {
    public func isSameDetour(as other: any SwarmDetour) -> Bool { (other as? Self) == self }
}

/// The detour a swarm drew, whatever the app's type for it.
public struct DrawnDetour: Sendable, Equatable {
    public let value: any SwarmDetour

    public init(_ value: any SwarmDetour) { self.value = value }

    /// The app's own detour, if it is one of type `Detour`.
    public func value<Detour: SwarmDetour>(as type: Detour.Type) -> Detour? { value as? Detour }

    public static func == (lhs: DrawnDetour, rhs: DrawnDetour) -> Bool { lhs.value.isSameDetour(as: rhs.value) }
}
