import SimKernel
import AppVocabulary

/// One account's state on an app's backend at a moment, as `expect.backend` judges it: each fact
/// the app declares (`AppPlugin.backendFacts`) by its key, a value as scenarios spell it
/// (`"active"`, `"true"`); a fact the account lacks is left out.
public struct AccountState: Sendable, Equatable {
    public var facts: [BackendFactValue]

    public init(_ facts: [(key: String, value: String?)]) {
        self.facts = facts.compactMap { fact in fact.value.map { BackendFactValue(key: fact.key, value: $0) } }
    }

    /// The value of the fact `key`, if the account has it.
    public func value(of key: String) -> String? { facts.first { $0.key == key }?.value }
}

/// A fact of one account on an app's backend that `expect.backend` can name (the fix plan's
/// `programStatus`, `pushToken`, `progress`): its key, how messages call it, and the values a
/// scenario may give it (nil: a JSON `true` or `false`).
public struct BackendFact: Sendable, Equatable {
    public var key: String
    public var what: String
    public var values: [String]?

    /// A fact whose value is one of `values`.
    public init(_ key: String, what: String, values: [String]) {
        self.key = key
        self.what = what
        self.values = values
    }

    /// A fact that holds or not (`true`, `false` in a scenario).
    public init(flag key: String, what: String) {
        self.key = key
        self.what = what
        self.values = nil
    }
}

/// One fact's value: what `AccountState` holds and `BackendExpectation` expects.
public struct BackendFactValue: Sendable, Equatable {
    public var key: String
    public var value: String

    public init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}
