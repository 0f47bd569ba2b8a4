import Foundation

/// What is on the phone before the app's first launch, as data: its `UserDefaults` (what
/// `@AppStorage` reads) and its keychain items. A scenario gives it as `device.phone`
/// (`{"defaults": {"hasCompletedOnboarding": true}, "keychain": {"session": {…}}}`), a persona as
/// `AppSetup.withPhone(defaults:keychain:)`; a world that keeps a phone's stores
/// (`AppWorld.takesPhoneContents`: `AppHostWorld`) puts it there before anything runs (issue #63:
/// "a persona's phone set up before the first launch (defaults, keychain, app storage) as data").
public struct PhoneContents: Sendable {
    /// A `UserDefaults` value: a property-list value.
    public indirect enum Value: Sendable, Equatable {
        case bool(Bool), int(Int), double(Double), string(String), array([Value]), dictionary([String: Value])

        /// The value as `UserDefaults.set(_:forKey:)` takes it.
        public var propertyList: Any {
            switch self {
            case .bool(let value): value
            case .int(let value): value
            case .double(let value): value
            case .string(let value): value
            case .array(let values): values.map(\.propertyList)
            case .dictionary(let values): values.mapValues(\.propertyList)
            }
        }
    }

    /// The defaults, in the order written (the trace records each write in this order).
    public var defaults: [(key: String, value: Value)]
    /// The keychain items' bytes, in the order written.
    public var keychain: [(key: String, data: Data)]

    public init(defaults: [(key: String, value: Value)] = [], keychain: [(key: String, data: Data)] = []) {
        self.defaults = defaults
        self.keychain = keychain
    }

    public var isEmpty: Bool { defaults.isEmpty && keychain.isEmpty }
}
