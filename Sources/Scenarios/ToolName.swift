import Synchronization

/// The command line's name in what the simulator prints: help, errors, and the commands it
/// suggests (`again: onboarding-sim run …`). `onboarding-sim` unless a team's own tool, built on
/// `SimCommandLine`, runs under its own name (`my-app-sim`), so every command it prints can be
/// pasted as it is.
public enum ToolName {
    private static let stored = Mutex("onboarding-sim")

    public static var current: String { stored.withLock { $0 } }

    /// Names the tool; call before anything is printed.
    public static func use(_ name: String) { stored.withLock { $0 = name } }
}
