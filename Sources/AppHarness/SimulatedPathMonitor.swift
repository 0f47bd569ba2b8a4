import SimKernel
import AppVocabulary

/// Connectivity for app code, as `NWPathMonitor` gives it: whether the path is satisfied now,
/// and a handler called on every change, from the run's own connection (offline windows, the
/// user turning the connection off).
public final class SimulatedPathMonitor: @unchecked Sendable {
    // Confined to the simulation's driver thread, like every actor of the run.
    let network: Network
    let life: AppProcessLife
    @exclusivity(unchecked) private var token: Int?

    public init(network: Network, life: AppProcessLife = AppProcessLife()) {
        self.network = network
        self.life = life
    }

    /// Whether the device has a connection now.
    public var isSatisfied: Bool { network.onSharedExecutor { $0.isOnline } }
    /// Whether the device has a connection now (the name reachability wrappers give it).
    public var isOnline: Bool { isSatisfied }

    /// Calls `handler` with the new state at every change, until `cancel()` or the app's end.
    /// The handler runs on the run's one thread, as app code's own callbacks do.
    public func start(_ handler: @escaping (Bool) -> Void) {
        cancel()
        let life = self.life
        // Confined to the simulation's driver thread, where the network calls its observers.
        nonisolated(unsafe) let handler = handler
        token = network.onSharedExecutor { network in
            network.observeConnectivity { online in if life.isAlive { handler(online) } }
        }
    }

    /// Calls `handler` on the main actor with the new state at every change, as a reachability
    /// wrapper does for its `@MainActor @Observable` store (`pathUpdateHandler` hopping to the  // determinism: ok (a doc comment)
    /// main queue): in a run the main actor is the run's own (`MainActorBridge`), and the handler
    /// runs in the instant the connection changes.
    public func start(onMainActor handler: @escaping @MainActor (Bool) -> Void) {  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
        MainActorBridge.install()
        start { online in MainActor.assumeIsolated { handler(online) } }  // determinism: ok (main-actor hooks run in the run through MainActorBridge)
    }

    public func cancel() {
        guard let token else { return }
        self.token = nil
        network.onSharedExecutor(passing: token) { $0.stopObserving($1) }
    }
}

/// The system's permission prompts and accessibility settings as app code asks for them: the
/// answer each prompt gets (set by the scenario or the persona), and Reduce Motion.
public struct SimulatedSystem: Sendable {
    /// What the user answers to each permission prompt, by permission (`notifications`,
    /// `location`); a permission not listed is granted.
    public var answers: [String: Bool]
    /// Settings > Accessibility > Reduce Motion.
    public var reduceMotion: Bool
    /// How long the user takes to answer a prompt.
    public var promptTime: Duration
    /// The phone's Apple ID: the identity token Sign in with Apple gives the app (the backend
    /// makes its account at the first exchange).
    public var appleID: String
    /// What the Sign in with Apple sheet does at each attempt, in order, then approves: a
    /// scenario's and the swarm's (`FaultPlan.credentialSheet`, which `AppHostWorld` puts here).
    public var credentialSheet: [CredentialSheetOutcome]
    /// How long the Sign in with Apple sheet stays up before its outcome (Face ID and a tap).
    public var credentialSheetTime: Duration

    public init(answers: [String: Bool] = [:], reduceMotion: Bool = false, promptTime: Duration = .milliseconds(800),
                appleID: String = "apple-001", credentialSheet: [CredentialSheetOutcome] = [], credentialSheetTime: Duration = .seconds(2)) {
        self.answers = answers
        self.reduceMotion = reduceMotion
        self.promptTime = promptTime
        self.appleID = appleID
        self.credentialSheet = credentialSheet
        self.credentialSheetTime = credentialSheetTime
    }
}
