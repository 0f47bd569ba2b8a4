import Scenarios
import Exploration
import FixPlanSim
import PickupSim

/// The apps `onboarding-sim` registers (the fix plan's, the pickup app), registered once in a
/// test process before a test reads the bundled scenarios or names an app: no app is built into
/// the library, so a test registers the ones it runs, as a tool does. Every suite that may read
/// them calls `register()` in its `init` (the test targets' `Paths` do too).
public enum ToolApps {
    /// Why the apps could not be registered; nil once they are.
    public static let problem: String? = {
        do {
            try AppRegistry.register(FixPlanPlugin())
            try AppRegistry.register(PickupPlugin())
            AppRegistry.setDefault(FixPlanPlugin().id)
            return nil
        } catch {
            return "cannot register onboarding-sim's apps: \(error)"
        }
    }()

    /// Registers the tool's apps (once) and says whether they are.
    @discardableResult public static func register() -> Bool { problem == nil }
}

extension ExplorationTarget {
    /// One of the fix plan's personas, as its plug-in lists it.
    public static func persona(_ persona: Persona) -> ExplorationTarget {
        ToolApps.register()
        return .appPersona(.fixPlan, persona.appPersona)
    }
}
