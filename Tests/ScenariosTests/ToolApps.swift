import Testing
import Scenarios
import Exploration
import FixPlanSim
import PickupSim

/// The apps `onboarding-sim` registers (the fix plan's, the pickup app), registered once in this
/// test process before a test reads the bundled scenarios (`Paths.scenarios` asks for it) or
/// names the pickup app: the pickup app is a plug-in like a team's, known only once registered.
enum ToolApps {
    static let registered: Bool = {
        do {
            try AppRegistry.register(FixPlanPlugin())
            try AppRegistry.register(PickupPlugin())
            return true
        } catch {
            Issue.record("cannot register onboarding-sim's apps: \(error)")
            return false
        }
    }()

    /// Registers the tool's apps (once) and says whether they are.
    @discardableResult static func register() -> Bool { registered }
}

extension ExplorationTarget {
    /// One of the fix plan's personas, as its plug-in lists it.
    static func persona(_ persona: Persona) -> ExplorationTarget {
        ToolApps.register()
        return .appPersona(.fixPlan, persona.appPersona)
    }
}
