import SimKernel

/// What a person may do besides going forward, one kind at a time. The free user's profile
/// switches some of them off for a whole run and weights the rest (swarm testing over the user).
public enum UserBehaviour: Int, Sendable, CaseIterable, CustomStringConvertible {
    /// Any other action the screen offers (Log in instead of Get started, Not now, Open terms…).
    case otherAction
    /// An action the screen shows disabled or not at all: it must be harmless.
    case disabledTap
    /// A wrong or expired code, a malformed email.
    case wrongInput
    /// A valid email of another shape than the one they meant to use.
    case otherEmail
    /// The forward button twice: in the same instant, or a few milliseconds apart.
    case doubleTap
    /// The back button, where the screen has one.
    case back
    /// Switch to another app and come back later.
    case background
    /// Force-quit and open the app again (now and then with the cache corrupted in between).
    case kill
    /// Delete and reinstall the app, then open it.
    case reinstall
    /// Lose the connection on whatever screen is up, and get it back a while later.
    case connectivity
    /// From the main app: sign out, then sign back in as the same user or as another one.
    case signOut
    /// Do one of the above while a request is in flight instead of waiting for the answer.
    case midRequest
    /// Close the app, change the program on another device (the web) or go on with onboarding
    /// there, open the app again: it must not trust what it knew (002 §4, §10).
    case otherDevice
    /// The code's email is slow to come, or lands in spam: wait on the code screen until Resend
    /// is offered, and ask for another (002 §9: "Returning user doesn't get OTP email, taps
    /// 'Resend Code'"). Only an app that signs in by emailed code offers the chance.
    case slowCode
    /// From the main app with the phone offline (the user turned the connection off): sign out
    /// and hand the phone to the other person, who signs in when the connection allows and goes
    /// on, while what the first one did may still be queued (003: "If user A logs out and new
    /// user B logs in"; #64 item 2, whose work a queue carries). Only an app whose people sign in
    /// by address offers the chance.
    case handOver

    public var description: String {
        switch self {
        case .otherAction: "other-action"
        case .disabledTap: "disabled-tap"
        case .wrongInput: "wrong-input"
        case .otherEmail: "other-email"
        case .doubleTap: "double-tap"
        case .back: "back"
        case .background: "background"
        case .kill: "kill"
        case .reinstall: "reinstall"
        case .connectivity: "connectivity"
        case .signOut: "sign-out"
        case .midRequest: "mid-request"
        case .otherDevice: "other-device"
        case .slowCode: "slow-code"
        case .handOver: "hand-over"
        }
    }

    /// The behaviours that interrupt whatever is on screen (possible while a spinner is up).
    package static let interruptions: [UserBehaviour] = [.background, .kill, .reinstall, .connectivity, .disabledTap, .doubleTap]
    /// What a user on the main app may do before they stop.
    package static let onMain: [UserBehaviour] = [.signOut, .background, .kill, .reinstall, .connectivity, .handOver]
}

/// One run's user: which behaviours are on and how much each weighs against going forward,
/// how many deviations the user makes before heading straight for the main app, how long they
/// think. Drawn per seed from the run's own `free-user` stream, so a seed means one user.
public struct FreeUserProfile: Sendable, Equatable {
    /// Weight per behaviour, indexed by `UserBehaviour.rawValue`; 0 is off.
    public private(set) var weights: [Int]
    /// The weight of the forward action (the goal-directed bias).
    public var forwardWeight: Int
    /// Deviations before the user only goes forward: every run ends up heading for the main app.
    public var deviations: Int
    /// A hard bound on the user's choices: every run ends.
    public var maxChoices: Int
    public var thinkTimeMs: ClosedRange<Int>
    /// How long the user waits on a screen that offers nothing before giving up.
    public var patience: Duration

    public init(weights: [Int] = Array(repeating: 0, count: UserBehaviour.allCases.count), forwardWeight: Int = 10,
                deviations: Int = 0, maxChoices: Int = 150, thinkTimeMs: ClosedRange<Int> = 300...1500,
                patience: Duration = .seconds(45)) {
        var weights = weights
        weights += Array(repeating: 0, count: max(0, UserBehaviour.allCases.count - weights.count))
        self.weights = Array(weights.prefix(UserBehaviour.allCases.count)).map { max(0, $0) }
        self.forwardWeight = max(1, forwardWeight)
        self.deviations = max(0, deviations)
        self.maxChoices = max(1, maxChoices)
        self.thinkTimeMs = max(0, thinkTimeMs.lowerBound)...max(0, thinkTimeMs.upperBound)
        self.patience = patience
    }

    public subscript(behaviour: UserBehaviour) -> Int {
        get { weights[behaviour.rawValue] }
        set { weights[behaviour.rawValue] = max(0, newValue) }
    }

    /// The behaviours switched on, in a fixed order.
    public var enabled: [UserBehaviour] { UserBehaviour.allCases.filter { self[$0] > 0 } }

    /// Draws one of `behaviours` (those possible now; the ones switched off are skipped) by
    /// weight against `stayWeight` (going forward, or stopping); nil for staying. One draw from
    /// `random`, and none when nothing is possible: every app's free user decides this way.
    public func draw(among behaviours: [UserBehaviour], stayWeight: Int, random: inout SeededRandom) -> UserBehaviour? {
        draw(among: behaviours, where: { _ in true }, stayWeight: stayWeight, random: &random)
    }

    /// `draw(among:stayWeight:random:)` over the behaviours `isPossible` allows now, asked only
    /// of those switched on: what a free user draws a deviation among on every screen, without
    /// a list of the possible ones built each time (the same draw as from that list).
    public func draw(among behaviours: [UserBehaviour], where isPossible: (UserBehaviour) -> Bool, stayWeight: Int,
                     random: inout SeededRandom) -> UserBehaviour? {
        withUnsafeTemporaryAllocation(of: UserBehaviour.self, capacity: behaviours.count) { possible in
            var count = 0
            var total = stayWeight
            for behaviour in behaviours where self[behaviour] > 0 && isPossible(behaviour) {
                possible.initializeElement(at: count, to: behaviour)
                count += 1
                total += self[behaviour]
            }
            guard total > stayWeight else { return nil }
            var draw = random.nextInt(in: 0...total - 1) - stayWeight
            guard draw >= 0 else { return nil }
            for behaviour in possible[..<count] {
                draw -= self[behaviour]
                if draw < 0 { return behaviour }
            }
            return nil
        }
    }

    /// Behaviours added after the first ones, drawn after everything else: each profile drawn
    /// before they existed draws the same as it did, with the new ones on or off besides.
    static let drawnLast: [UserBehaviour] = [.slowCode, .handOver]

    /// Draws a profile: each behaviour is off with probability ½, else weighted 1–8; the forward
    /// action weighs 12–40; 0–8 deviations; think time from 100–800 ms up to 0.3–3 s more.
    public static func draw(_ random: inout SeededRandom) -> FreeUserProfile {
        var profile = FreeUserProfile()
        for behaviour in UserBehaviour.allCases where !drawnLast.contains(behaviour) && random.chance(Probability(0.5)) {
            profile[behaviour] = random.nextInt(in: 1...8)
        }
        profile.forwardWeight = random.nextInt(in: 12...40)
        profile.deviations = random.nextInt(in: 0...8)
        let low = random.nextInt(in: 100...800)
        profile.thinkTimeMs = low...(low + random.nextInt(in: 300...3_000))
        for behaviour in drawnLast where random.chance(Probability(0.5)) {
            profile[behaviour] = random.nextInt(in: 1...8)
        }
        return profile
    }

    /// The profile of `seed`: the one a free user draws in a run of that seed.
    public static func draw(seed: UInt64) -> FreeUserProfile {
        var random = SeededRandom(seed: seed, stream: FreeUser.profileStream)
        return draw(&random)
    }

    /// One line for reports: `user: deviations 3, think 240-1900ms, forward 22, on: kill 4, back 2`.
    public var line: String {
        let on = enabled.map { "\($0) \(self[$0])" }.joined(separator: ", ")
        return "user: \(deviations) deviations, think \(thinkTimeMs.lowerBound)-\(thinkTimeMs.upperBound)ms, "
            + "forward \(forwardWeight), on: \(on.isEmpty ? "none" : on)"
    }
}
