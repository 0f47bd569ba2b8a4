import Scenarios
import Exploration
import FixPlanSim
import PickupSim

/// The apps the bench measures, registered as `onboarding-sim` registers them (no app is built
/// into the library), and the fix plan's personas most measures explore.
enum BenchApps {
    static let registered: Bool = {
        do {
            try AppRegistry.register(FixPlanPlugin())
            try AppRegistry.register(PickupPlugin())
            return true
        } catch {
            return false
        }
    }()

    /// The fix plan's personas, as `explore --app fix-plan` runs them.
    static var fixPlanPersonas: [ExplorationTarget] {
        _ = registered
        return Persona.allCases.map { ExplorationTarget.appPersona(.fixPlan, $0.appPersona) }
    }
}
