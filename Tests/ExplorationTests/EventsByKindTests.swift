import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import Scenarios
@testable import Exploration
import ToolAppsForTests

/// Oracles pick events by kind; the pick must be exactly the events a full scan would keep.
@Suite struct EventsByKindTests {
    init() { ToolApps.register() }
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func eventsOfSomeKindsAreTheFullScanFilteredByKind(seed: UInt64) {
        let plan = ExplorationPlan(targets: Persona.of(.fixPlan).map(ExplorationTarget.persona), seedCount: 8)
        let run = RunObservation(trace: Explorer.explore(plan, seed: seed).result.simulation.trace)
        #expect(!run.events.isEmpty)
        var random = SeededRandom(seed: seed, stream: "kinds")
        for _ in 0..<20 {
            let chosen = ModelEvent.Kind.allCases.filter { _ in random.chance(Probability(0.15)) }
            var wanted: ModelEvent.Kinds = []
            for kind in chosen { wanted.insert(kind) }
            let scanned = run.events.indices.filter { chosen.contains(run.events[$0].event.kind) }
            #expect(run.positions(of: wanted) == scanned, "kinds \(chosen)")
            #expect(run.events(wanted).map(\.index) == scanned.map { run.events[$0].index })
        }
    }

    @Test func everyKindOfSetIsItsOwnMember() {
        for kind in ModelEvent.Kind.allCases {
            var set: ModelEvent.Kinds = []
            set.insert(kind)
            #expect(set.contains(kind))
            #expect(ModelEvent.Kind.allCases.filter(set.contains) == [kind])
        }
    }
}
