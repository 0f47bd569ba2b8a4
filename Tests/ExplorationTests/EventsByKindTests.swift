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

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func placesAndBetweenReadTheSameEventsAsTheirCopies(seed: UInt64) {
        let plan = ExplorationPlan(targets: Persona.of(.fixPlan).map(ExplorationTarget.persona), seedCount: 8)
        let run = RunObservation(trace: Explorer.explore(plan, seed: seed).result.simulation.trace)
        let view = run.events([.screen, .userAction, .responseReceived, .launched])
        #expect(view.places.map(\.index) == view.map(\.index))
        #expect(view.places.map(\.time) == view.map(\.time))
        for place in view.places {
            #expect(CanonicalText.build { view[place].writeCanonical(to: &$0) } == view.recorded(place).event.canonicalText)
        }
        // A window of the view is the events strictly inside it, in order.
        let (first, last) = (view[view.count / 4].index, view[3 * view.count / 4].index)
        let window = view.between(after: first, before: last)
        #expect(window.map(\.index) == view.map(\.index).filter { $0 > first && $0 < last })
        #expect(window.places.map(\.index) == window.map(\.index))
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
