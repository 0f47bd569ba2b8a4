/// A map from a handful of string keys (users, emails, cache keys) to values: pairs in insertion
/// order, searched in order.
///
/// A run holds one or two accounts and a few cache entries, and looks them up on every request
/// and every saved step: comparing a few short strings costs less than hashing one (`Dictionary`
/// seeds SipHash per lookup), and nothing here depends on a hash order.
///
/// ```swift
/// var cache: SmallMap<CachedValue> = ["u1": .corrupted]
/// cache["u2"] = .valid(OnboardingCache(phase: .intake))
/// cache.keys.sorted()   // ["u1", "u2"]
/// ```
///
/// Generic and used by every app's module: its members are `@inlinable` so each app's calls are
/// specialized for its value type, as they were when the map lived in the app's own module.
@frozen
public struct SmallMap<Value> {
    @usableFromInline var entries: [(key: String, value: Value)] = []

    @inlinable public init() {}

    @inlinable public subscript(key: String) -> Value? {
        get { position(of: key).map { entries[$0].value } }
        set {
            switch (position(of: key), newValue) {
            case let (position?, value?): entries[position].value = value
            case let (position?, nil): entries.remove(at: position)
            case let (nil, value?): entries.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// Looks `key` up and changes its value in place; `make` gives the value of a missing key.
    @inlinable public subscript(key: String, default make: @autoclosure () -> Value) -> Value {
        get { self[key] ?? make() }
        set { self[key] = newValue }
    }

    /// Whether `key` has a value (read without a copy of it).
    @inlinable public func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// What `body` makes of the value of `key`, read where it is; nil for a missing key. (The
    /// subscript hands out a copy: a retain of each of its references and a release after.)
    @inlinable public func read<Answer>(_ key: String, _ body: (Value) throws -> Answer) rethrows -> Answer? {
        guard let position = position(of: key) else { return nil }
        return try body(entries[position].value)
    }

    /// Changes the value of `key` in place and says what `body` returned; nil (and `body` not
    /// called) for a missing key. (`map[key]?.field = x` copies the value out and back.)
    @inlinable public mutating func modify<Answer>(_ key: String, _ body: (inout Value) throws -> Answer) rethrows -> Answer? {
        guard let position = position(of: key) else { return nil }
        return try body(&entries[position].value)
    }

    /// The keys in insertion order (sort them before anything that depends on order).
    @inlinable public var keys: [String] { entries.map(\.key) }

    @inlinable public var count: Int { entries.count }

    @inlinable public var isEmpty: Bool { entries.isEmpty }

    @inlinable func position(of key: String) -> Int? {
        entries.firstIndex { $0.key == key }
    }
}

extension SmallMap: ExpressibleByDictionaryLiteral {
    @inlinable public init(dictionaryLiteral elements: (String, Value)...) {
        for (key, value) in elements { self[key] = value }
    }
}

extension SmallMap: Equatable where Value: Equatable {
    /// Equal when they hold the same keys with equal values, in any order.
    @inlinable public static func == (lhs: SmallMap, rhs: SmallMap) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}

extension SmallMap: Sendable where Value: Sendable {}
