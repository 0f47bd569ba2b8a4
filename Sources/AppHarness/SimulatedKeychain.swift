import Foundation
import SimKernel

/// A keychain with its semantics on a phone: items survive a kill *and* a reinstall (seed 003:
/// the session lives in the keychain and outlives the app). The same store as
/// `SimulatedDefaults`, which a reinstall does not erase: `AppHost` erases only the defaults.
///
/// ```swift
/// let keychain = SimulatedKeychain(simulation: simulation)
/// keychain.set(Data("token".utf8), forKey: "session")
/// ```
public typealias SimulatedKeychain = SimulatedDefaults

extension SimulatedDefaults {
    /// A store named `keychain` in the trace.
    public static func keychain(simulation: Simulation?) -> SimulatedDefaults {
        SimulatedDefaults(simulation: simulation, name: "keychain")
    }
}

extension SimulatedDefaults {
    // A keychain wrapper's shape (read, write, delete `Data` by key), as iOS teams write one over
    // `SecItemCopyMatching`/`SecItemAdd`/`SecItemDelete`:
    //
    //     protocol SecureStore { func read(_ key: String) -> Data?; func write(_ data: Data, for key: String); func delete(_ key: String) }
    //     extension SimulatedKeychain: SecureStore {}

    /// The item stored under `key`, if any.
    public func read(_ key: String) -> Data? { data(forKey: key) }
    /// Stores `data` under `key`, replacing what was there.
    public func write(_ data: Data, for key: String) { set(data, forKey: key) }
    /// Deletes the item under `key`, if any.
    public func delete(_ key: String) { removeObject(forKey: key) }
}
