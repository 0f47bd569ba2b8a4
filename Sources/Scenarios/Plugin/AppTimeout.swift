import SimKernel
import AppVocabulary

/// A timeout of an app's own (`AppPlugin.timeouts`): its name in `network.timeouts` and its
/// length when a scenario does not set it.
public struct AppTimeout: Sendable, Equatable {
    public var name: String
    public var defaultDuration: Duration

    public init(_ name: String, default defaultDuration: Duration) {
        self.name = name
        self.defaultDuration = defaultDuration
    }
}
