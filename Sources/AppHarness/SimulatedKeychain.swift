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
