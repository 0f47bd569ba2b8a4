import Foundation
import Observation

/// Seed 001's `OnboardingViewModel`: the onboarding state machine of the Trendy app, `@Observable`,
/// keeping its state in `UserDefaults` under the three keys 001 names, and writing the
/// completion flag only once the backend profile has taken it (001: "the ViewModel needs to
/// coordinate writes with backend profile updates").
///
/// Welcome, sign-up, then the permission cards in 001's order ("Notifications (FIRST) … Location"),
/// each card before its system prompt (000 Pitfall 4: "show a custom pre-permission screen
/// explaining the value BEFORE triggering the iOS system dialog"), then the finish screen's
/// celebration, which honours Reduce Motion (000 Pitfall 8).
@MainActor @Observable public final class OnboardingViewModel {
    public enum Step: String, CaseIterable, Sendable {
        case welcome, signUp = "sign-up", notifications, location, finish
    }

    public enum Place: Equatable, Sendable {
        case launching
        case onboarding(Step)
        case home
    }

    nonisolated public static let currentStepKey = "onboarding_current_step"
    nonisolated public static let startTimeKey = "onboarding_start_time"
    nonisolated public static let completeKey = "onboarding_complete"

    public private(set) var place: Place
    /// A request of the current step is in flight (its button shows a spinner).
    public private(set) var isBusy = false {
        didSet { if isBusy && !oldValue { busySince = clock.now } }
    }
    /// When the tap under way put its spinner up: all its waits for the connection, together,
    /// end 20 s after.
    @ObservationIgnored private var busySince: (any InstantProtocol<Duration>)?
    public private(set) var errorMessage: String?
    /// The system prompt up now (`notifications`, `location`), if any.
    public private(set) var systemPrompt: String?
    /// The finish screen's confetti (a plain checkmark under Reduce Motion).
    public private(set) var confetti = false
    /// Home's own loading view (only with the nested-loading bug).
    public private(set) var homeLoading = false
    /// No connection now (the path monitor's word).
    public private(set) var isOffline = false
    /// The sign-up form's email field (`TextField("Email", text: $viewModel.email)`).
    public var email = ""

    /// The HTTP client the app was given.
    @ObservationIgnored let network: any TrendyHTTPClient
    @ObservationIgnored let defaults: any TrendyDefaults
    @ObservationIgnored let system: any TrendySystem
    @ObservationIgnored let clock: any Clock<Duration>
    @ObservationIgnored let bugs: TrendyBugs
    /// The address of the first sign-up attempt (only the stale-address bug sends it again).
    @ObservationIgnored private var firstSignUpEmail: String?

    public init(http: any TrendyHTTPClient, defaults: any TrendyDefaults, system: any TrendySystem,
                connectivity: any TrendyConnectivity, clock: any Clock<Duration>, bugs: TrendyBugs = []) {
        self.network = http
        self.defaults = defaults
        self.system = system
        self.clock = clock
        self.bugs = bugs
        isOffline = !connectivity.isSatisfied
        // 000 Pitfall 1's fix: the first route comes from what the device knows, before any frame.
        if defaults.bool(forKey: Self.completeKey) {
            place = bugs.contains(.launchFlash) ? .onboarding(.welcome) : bugs.contains(.nestedLoading) ? .launching : .home
        } else if let saved = defaults.string(forKey: Self.currentStepKey), let step = Step(rawValue: saved) {
            place = .onboarding(step)
        } else {
            place = .onboarding(.welcome)
        }
        if case .onboarding(let step) = place { confetti = step == .finish && celebrates }
        // The monitor calls back on the main queue (`monitor.start(queue: .main)`).
        connectivity.start { [weak self] online in MainActor.assumeIsolated { self?.isOffline = !online } }
    }

    /// The root view's `.task`: what a launch does once the first frame is up.
    public func appeared() async {
        if bugs.contains(.launchFlash), defaults.bool(forKey: Self.completeKey) {
            // Asks the backend before believing the flag: welcome shows meanwhile.
            _ = try? await http.data(method: "GET", path: "/profiles/me", headers: [:], body: Data())
            place = .home
        }
        if bugs.contains(.nestedLoading), place == .launching {
            _ = try? await http.data(method: "GET", path: "/profiles/me", headers: [:], body: Data())
            place = .home
            homeLoading = true
            _ = try? await http.data(method: "GET", path: "/home", headers: [:], body: Data())
            homeLoading = false
        }
    }

    public func getStarted() async {
        guard place == .onboarding(.welcome) else { return }
        if defaults.object(forKey: Self.startTimeKey) == nil { defaults.set(system.now(), forKey: Self.startTimeKey) }
        await advance(to: .signUp)
    }

    /// 000 Pitfall 11's `isFormValid`: Continue is enabled only for an address of the form
    /// `local@domain.tld`. Any letters (an apostrophe, capitals from the keyboard, "josé"); no
    /// white space, one `@` after something, and a dot in the domain with two or more characters
    /// after it.
    public var isEmailValid: Bool {
        guard !email.contains(where: \.isWhitespace) else { return false }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = Array(parts[1])
        return domain.indices.contains { domain[$0] == "." && $0 >= 1 && domain.count - $0 - 1 >= 2 }
    }

    public func signUp() async {
        guard place == .onboarding(.signUp), !isBusy, isEmailValid else { return }
        // 000 Pitfall 10: "Missing Loading State on Buttons".
        if !bugs.contains(.doubleSubmit) { isBusy = true }
        errorMessage = nil
        defer { isBusy = false }
        guard await connection() else {
            errorMessage = "No connection. Try again."
            return
        }
        do {
            let address = bugs.contains(.staleSignUpEmail) ? firstSignUpEmail ?? email : email
            firstSignUpEmail = firstSignUpEmail ?? email
            let answer = try await http.data(method: "POST", path: "/auth/signup", headers: ["Content-Type": "application/json"],
                                             body: Data("{\"email\":\"\(address)\"}".utf8))
            guard (200..<300).contains(answer.status) else {
                errorMessage = "Couldn't create your account. Try again."
                return
            }
            await advance(to: .notifications)
        } catch {
            errorMessage = "No connection. Try again."
        }
    }

    /// The card's Enable button: only now the system prompt (000 Pitfall 4's two-step opt-in).
    public func enable(_ step: Step) async {
        guard place == .onboarding(step), systemPrompt == nil, step == .notifications || step == .location else { return }
        await ask(step)
        await advance(to: step == .notifications ? .location : .finish)
    }

    /// "Not Now" on a card: 000 Pitfall 4's "Progressive disclosure".
    public func notNow() async {
        guard case .onboarding(let step) = place, systemPrompt == nil else { return }
        switch step {
        case .notifications: await advance(to: .location)
        case .location: await advance(to: .finish)
        default: return
        }
    }

    /// Finish: the backend profile takes `onboarding_complete` first, then the device.
    public func finish() async {
        guard place == .onboarding(.finish), !isBusy else { return }
        isBusy = true
        errorMessage = nil
        defer { isBusy = false }
        guard await connection() else {
            errorMessage = "No connection. Try again."
            return
        }
        let accepted: Bool
        do {
            let answer = try await http.data(method: "PATCH", path: "/profiles/me", headers: ["Content-Type": "application/json"],
                                             body: Data("{\"onboarding_complete\":true}".utf8))
            accepted = (200..<300).contains(answer.status)
        } catch {
            accepted = false
        }
        guard accepted else {
            if !bugs.contains(.silentFinish) { errorMessage = "Couldn't finish setting up. Try again." }
            return
        }
        defaults.set(true, forKey: Self.completeKey)
        defaults.set(nil, forKey: Self.currentStepKey)
        confetti = false
        place = .home
    }

    /// Offline, a request could only fail at once, unseen: wait a bounded while for the
    /// connection first, the spinner up. True if there is one.
    private func connection() async -> Bool {
        var waited = Duration.zero
        while isOffline && waited < .seconds(20) {
            do { try await clock.sleep(for: .milliseconds(500)) } catch { return false }
            waited += .milliseconds(500)
        }
        return !isOffline
    }

    /// What the view model sends its requests through: the client it was given, and a second
    /// chance for a request that failed at once because the connection went as it left (the path
    /// monitor says offline only now): wait for the connection as `connection()` does and send it
    /// once more. Put back at once, the error already on screen would come back unchanged. A
    /// request that failed after a while (a timeout, a connection lost on the way) is told as it is.
    private var http: SecondChance { SecondChance(model: self) }

    @MainActor struct SecondChance {
        let model: OnboardingViewModel

        func data(method: String, path: String, headers: [String: String], body: Data) async throws
            -> (status: Int, headers: [String: String], body: Data) {
            let start = model.clock.now
            do {
                return try await model.network.data(method: method, path: path, headers: headers, body: body)
            } catch {
                let atOnce = Self.elapsed(from: start, to: model.clock.now) < .milliseconds(50)
                guard atOnce, model.isOffline, !model.bugs.contains(.offlineAsItLeaves), await waitForTheConnection() else { throw error }
                return try await model.network.data(method: method, path: path, headers: headers, body: body)
            }
        }

        /// `connection()`'s wait, for what is left of the tap's 20 s.
        private func waitForTheConnection() async -> Bool {
            let waited = model.busySince.map { Self.elapsed(from: $0, to: model.clock.now) } ?? .zero
            var left = .seconds(20) - waited
            while model.isOffline && left > .zero {
                do { try await model.clock.sleep(for: .milliseconds(500)) } catch { return false }
                left -= .milliseconds(500)
            }
            return !model.isOffline
        }

        private static func elapsed<I: InstantProtocol<Duration>>(from start: I, to end: any InstantProtocol<Duration>) -> Duration {
            (end as? I).map { start.duration(to: $0) } ?? .zero
        }
    }

    private var celebrates: Bool { bugs.contains(.motionIgnored) || !system.reduceMotion }

    private func advance(to step: Step) async {
        place = .onboarding(step)
        defaults.set(step.rawValue, forKey: Self.currentStepKey)
        confetti = step == .finish && celebrates
        if bugs.contains(.promptBeforeCard), step == .notifications || step == .location {
            await ask(step)
        }
    }

    private func ask(_ step: Step) async {
        systemPrompt = step.rawValue
        _ = await system.requestPermission(step.rawValue)
        systemPrompt = nil
    }
}
