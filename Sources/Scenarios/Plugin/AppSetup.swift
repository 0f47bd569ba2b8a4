import SimKernel
import AppVocabulary

/// A plug-in app's own sections of a scenario, as written: `device` (the phone: what is stored
/// on it, its settings) and `backend` (the accounts and what the server knows). Nil when absent.
public struct AppSetup: Sendable, Equatable {
    public var device: JSONValue?
    public var backend: JSONValue?

    public init(device: JSONValue? = nil, backend: JSONValue? = nil) {
        self.device = device
        self.backend = backend
    }
}

/// A problem a plug-in found in its sections of a scenario.
public struct AppSetupProblem: Error, Sendable, Equatable {
    /// Where, as a JSON path from the scenario's root: `$.device.step`.
    public var path: String
    /// What is wrong: `expected a whole number from 0 to 4`.
    public var message: String
    /// How to fix it, if there is an obvious way.
    public var suggestion: String?

    public init(path: String, message: String, suggestion: String? = nil) {
        self.path = path
        self.message = message
        self.suggestion = suggestion
    }
}
