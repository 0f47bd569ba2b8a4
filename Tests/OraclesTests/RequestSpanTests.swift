import Testing
import FixPlanSim
import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles
import ToolAppsForTests

/// The requests out at a moment, worked out once per run (`RunObservation.requestSpans`), say
/// what a walk over every request before that moment said.
@Suite struct RequestSpanTests {
    init() { ToolApps.register() }

    func observation(_ events: [(Int64, ModelEvent)]) -> RunObservation {
        var trace = Trace()
        for (ms, event) in events { trace.append(event, at: SimulationInstant(nanoseconds: ms * 1_000_000)) }
        return RunObservation(trace: trace, roles: FixPlanRoles.roles)
    }

    /// The requests out at `index`, walked as the rules walked them before the spans.
    func walked(_ run: RunObservation, atIndex index: Int) -> [Int] {
        var open: [Int] = []
        for event in run.events where event.index <= index {
            switch event.event {
            case .requestSent(let id, _, _): open.append(id)
            case .responseReceived(let id, _, _): open.removeAll { $0 == id }
            case .killed: open.removeAll()
            default: break
            }
        }
        return open
    }

    @Test func aRequestIsOutFromItsSendingUntilItsAnswer() {
        let run = observation([(0, .launched(process: 1, cold: true)),
                               (10, .requestSent(id: 1, timeoutMs: 5_000, endpoint: .sendOTP)),
                               (20, .requestSent(id: 2, timeoutMs: nil, endpoint: .journey)),
                               (30, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok")),
                               (40, .note("later"))])
        #expect(run.outstandingRequests(atIndex: 0).isEmpty)
        #expect(run.outstandingRequests(atIndex: 1).map(\.id) == [1])
        #expect(run.outstandingRequests(atIndex: 2).map(\.id) == [1, 2])
        #expect(run.outstandingRequests(atIndex: 3).map(\.id) == [2])
        #expect(run.outstandingRequests(atIndex: 2).map(\.timeoutMs) == [5_000, nil])
        #expect(run.requestsOut(atIndex: 4).map(\.sentIndex) == [2])
        #expect(run.requestSpans.map(\.closedIndex) == [3, .max])
    }

    @Test func aKillDropsEveryRequestThatWasOut() {
        let run = observation([(0, .launched(process: 1, cold: true)),
                               (10, .requestSent(id: 1, timeoutMs: 5_000, endpoint: .sendOTP)),
                               (20, .killed(process: 1)),
                               (30, .launched(process: 2, cold: true)),
                               (40, .requestSent(id: 2, timeoutMs: 5_000, endpoint: .journey)),
                               (50, .responseReceived(id: 1, endpoint: .sendOTP, outcome: "ok"))])
        #expect(run.outstandingRequests(atIndex: 1).map(\.id) == [1])
        #expect(run.outstandingRequests(atIndex: 2).isEmpty)
        #expect(run.outstandingRequests(atIndex: 5).map(\.id) == [2])
        #expect(run.requestSpans.first?.closedIndex == 2)
    }

    @Test func theSpansSayWhatAWalkOverEveryRequestSaid() {
        // Seeded: sends, answers (some for requests never sent or already answered) and kills.
        var random = SeededRandom(seed: 65, stream: "request-spans")
        for _ in 0..<50 {
            var events: [(Int64, ModelEvent)] = [(0, .launched(process: 1, cold: true))]
            var next = 1
            for step in 1...40 {
                let time = Int64(step * 10)
                switch random.nextInt(in: 0...9) {
                case 0...4:
                    events.append((time, .requestSent(id: next, timeoutMs: 1_000, endpoint: .sendOTP)))
                    next += 1
                case 5...7:
                    events.append((time, .responseReceived(id: random.nextInt(in: 1...max(1, next)), endpoint: .sendOTP, outcome: "ok")))
                case 8: events.append((time, .killed(process: 1)))
                default: events.append((time, .note("nothing")))
                }
            }
            let run = observation(events)
            for index in 0..<events.count {
                #expect(run.outstandingRequests(atIndex: index).map(\.id) == walked(run, atIndex: index))
            }
        }
    }
}

/// A countdown tick's screens are compared in place, field by field, every field but the
/// countdown and the actions (`TickChangesOnlyTheCountdown`).
@Suite struct TickComparisonTests {
    func screen(_ build: (inout ScreenState) -> Void) -> ScreenState {
        var state = ScreenState(route: .onboarding(.authVerification))
        state.actions = [.typeCode, .verify]
        state.countdown = 30
        state.codeField = "12"
        build(&state)
        return state
    }

    @Test func aScreenThatDiffersOnlyInItsCountdownAndActionsIsTheSameApartFromThem() {
        let before = screen { _ in }
        let after = screen { $0.countdown = 29; $0.actions = [.typeCode, .verify, .resendCode] }
        #expect(before.sameApartFromCountdownAndActions(as: after))
        #expect(before != after)
    }

    @Test func anyOtherFieldThatChangedMakesTheScreensDiffer() {
        let before = screen { _ in }
        let changes: [(inout ScreenState) -> Void] = [
            { $0.spinner = "verify" }, { $0.errorText = "Wrong code" }, { $0.codeField = "123" },
            { $0.route = .main }, { $0.offlineBanner = true }, { $0.alert = "Sure?" }, { $0.page = 2 },
            { $0.foreground = false }, { $0.choices = ["a"] }, { $0.emailField = "a@b.c" },
        ]
        for change in changes {
            let after = screen { $0.countdown = 29; change(&$0) }
            #expect(!before.sameApartFromCountdownAndActions(as: after))
        }
    }
}
