import AppVocabulary

/// The fix plan's app's names (seeds 002, 003, 000): its id, the endpoints its client calls and
/// the actions its screens offer. They live here, not in the core: to the core they are names
/// like any team's, read through the roles `FixPlanRoles` declares.
extension AppID {
    /// The fix plan's app: email OTP sign-in, intake, goals, a program.
    @inlinable public static var fixPlan: AppID { AppID("fix-plan", fingerprint: 0x1fa87e5b1705f6a8) }
}

/// The fix plan's app's lists of its own names, in the order its screens and reports list them.
public enum FixPlanVocabulary {
    /// The actions its screens offer.
    public static let actions: [UserAction] = [
        .getStarted, .logIn, .next, .typeEmail, .sendCode, .typeCode, .verify, .resendCode,
        .useDifferentEmail, .retry, .selectGoal, .confirmGoal, .activate, .enableNotifications, .notNow,
        .start, .resume, .startOver, .openTerms, .back,
    ]
    /// The endpoints its client calls.
    public static let endpoints: [Endpoint] = [
        .sendOTP, .verifyOTP, .journey, .generateGoals, .selectGoal, .approveProgram, .activateProgram,
        .program, .registerPush, .pushProgress, .analytics, .refreshSession,
    ]
}

extension Endpoint {
    @inlinable public static var sendOTP: Endpoint { Endpoint("send-otp", fingerprint: 0x0662e3bc6d028367) }
    @inlinable public static var verifyOTP: Endpoint { Endpoint("verify-otp", fingerprint: 0x1b7c03e7aba3fda8) }
    @inlinable public static var journey: Endpoint { Endpoint("journey", fingerprint: 0x37f98ee886c0acd3) }
    @inlinable public static var generateGoals: Endpoint { Endpoint("generate-goals", fingerprint: 0x95c6380bcce4c197) }
    @inlinable public static var selectGoal: Endpoint { Endpoint("select-goal", fingerprint: 0x83d458f7e3ad60f3) }
    @inlinable public static var approveProgram: Endpoint { Endpoint("approve-program", fingerprint: 0xfd0af13ae549f8db) }
    @inlinable public static var activateProgram: Endpoint { Endpoint("activate-program", fingerprint: 0xd6cae6f4f7750909) }
    @inlinable public static var program: Endpoint { Endpoint("program", fingerprint: 0x5752dfa9a5b8154b) }
    @inlinable public static var registerPush: Endpoint { Endpoint("register-push", fingerprint: 0xb48023da7a1e6263) }
    @inlinable public static var pushProgress: Endpoint { Endpoint("push-progress", fingerprint: 0x24dbfe95f630e8d3) }
    @inlinable public static var analytics: Endpoint { Endpoint("analytics", fingerprint: 0xbb8f299ccf033beb) }
    @inlinable public static var refreshSession: Endpoint { Endpoint("refresh-session", fingerprint: 0xa5e104546cd5c065) }
}

extension UserAction {
    @inlinable public static var getStarted: UserAction { UserAction("get-started", fingerprint: 0x9bf10f2812408c5f) }
    @inlinable public static var logIn: UserAction { UserAction("log-in", fingerprint: 0xf35a3fc0200382cb) }
    @inlinable public static var next: UserAction { UserAction("continue", fingerprint: 0xd2bfd5accd1966a4) }
    @inlinable public static var typeEmail: UserAction { UserAction("type-email", fingerprint: 0xb5b6410750d4e0c8) }
    @inlinable public static var sendCode: UserAction { UserAction("send-code", fingerprint: 0x0214f409fbdb9abb) }
    @inlinable public static var typeCode: UserAction { UserAction("type-code", fingerprint: 0x6fcf3caebff97095) }
    @inlinable public static var verify: UserAction { UserAction("verify", fingerprint: 0x2d582147c78edbe4) }
    @inlinable public static var resendCode: UserAction { UserAction("resend-code", fingerprint: 0x4f02e73525aaca40) }
    @inlinable public static var useDifferentEmail: UserAction { UserAction("use-different-email", fingerprint: 0xcb340b55883881c1) }
    @inlinable public static var retry: UserAction { UserAction("retry", fingerprint: 0x163ca1f2c427ff19) }
    @inlinable public static var selectGoal: UserAction { UserAction("select-goal", fingerprint: 0x83d458f7e3ad60f3) }
    @inlinable public static var confirmGoal: UserAction { UserAction("confirm-goal", fingerprint: 0xa0a927cdd5371939) }
    @inlinable public static var activate: UserAction { UserAction("activate", fingerprint: 0x614a0ead0aa35590) }
    @inlinable public static var enableNotifications: UserAction { UserAction("enable-notifications", fingerprint: 0xb7b6e55122a3f4f3) }
    @inlinable public static var notNow: UserAction { UserAction("not-now", fingerprint: 0x75eade2091633cf7) }
    @inlinable public static var start: UserAction { UserAction("start", fingerprint: 0xee5d97ad45ad251f) }
    @inlinable public static var resume: UserAction { UserAction("resume", fingerprint: 0x9b55c27cd76b4eea) }
    @inlinable public static var startOver: UserAction { UserAction("start-over", fingerprint: 0x192ed99e1b9bff8c) }
    @inlinable public static var openTerms: UserAction { UserAction("open-terms", fingerprint: 0xf1a9f8cb86e0e5bf) }
    /// The back button (000 Pitfall 12): one step back where the flow allows it.
    @inlinable public static var back: UserAction { UserAction("back", fingerprint: 0x9a46ff9baa276602) }
}

extension UserAction {
    /// The device's sign-out (a scenario's `signOut` step), recorded as the user's tap; not on
    /// any of its screens. The pickup app's own `sign-out` is the same name.
    @inlinable static var signOut: UserAction { UserAction("sign-out", fingerprint: 0xa7290bd4494143fd) }
}
