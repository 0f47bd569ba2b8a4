/// A route of an app's own: its name as scenarios, the trace and reports give it (`goals`,
/// `onboarding(goalReview)`), and what kind of screen it is, which is what the shared oracles
/// judge by (a launch screen, onboarding, sign-in, the main app).
///
/// Kept as a small number into a table of the names made in this process, with its kind beside
/// it, so that a `Route` stays a plain value (no reference to count on every copy of a screen)
/// and its kind is read without the table. The number never leaves the process: the trace and
/// reports print the name.
public struct RouteName: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline let index: UInt32
    public let kind: Route.Kind

    public init(_ name: String, kind: Route.Kind) {
        index = RouteTable.intern(name, kind: kind)
        self.kind = kind
    }

    public var name: String { RouteTable.entry(index).name }

    /// The name's number in this process (never written out): for a table by route, such as an
    /// app's phase of each of its routes.
    package var number: Int { Int(index) }
    public var description: String { name }

    /// One number each: a name is made once per kind (`RouteTable`), so the same number is the
    /// same name and kind.
    @inlinable public static func == (lhs: RouteName, rhs: RouteName) -> Bool { lhs.index == rhs.index }
}
