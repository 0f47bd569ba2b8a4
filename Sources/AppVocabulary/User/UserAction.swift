/// Something a user can do on a screen. The screen lists the ones enabled at each instant.
///
/// Open: an app names its own actions (`UserAction("allow-photos")`) and lists them in its
/// plug-in; the names below are the two bundled apps'. Two actions are the same when their names
/// are: the trace, scenarios and reports speak in names.
public struct UserAction: ListedVocabularyName {
    /// The action's name in scenarios, the trace and reports (`send-code`).
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    /// An action named `name`: lowercase words joined by hyphens, by convention.
    public init(_ name: String) { rawValue = name; fingerprint = NameFingerprint.of(name) }
    /// Any name makes an action; which ones a screen offers is the app's to say.
    public init(rawValue: String) { self.init(rawValue) }
    /// For the names below: their fingerprints spelled out, so that naming one costs nothing
    /// (a test holds each equal to `NameFingerprint.of`).
    @usableFromInline init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }

    public static func listedPosition(of name: UserAction) -> Int? { allCases.firstIndex(of: name) }

    /// The bundled apps' actions, in the order their screens list them.
    public static let allCases: [UserAction] = [
        .getStarted, .logIn, .next, .typeEmail, .sendCode, .typeCode, .verify, .resendCode,
        .useDifferentEmail, .retry, .selectGoal, .confirmGoal, .activate, .enableNotifications, .notNow,
        .start, .resume, .startOver, .openTerms, .back,
        .nextPage, .skip, .signInWithApple, .signOut, .confirmSignOut, .cancelSignOut, .cancelAppleSheet,
    ]
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
    // The pickup app (seed 004); `get-started` and `retry` are shared.
    /// "Next" on the first two onboarding pages.
    @inlinable public static var nextPage: UserAction { UserAction("next", fingerprint: 0xe5316cbaa025f028) }
    /// "Skip", top right on every onboarding page.
    @inlinable public static var skip: UserAction { UserAction("skip", fingerprint: 0x3f1a3b18de6ae902) }
    /// The Sign in with Apple button (the app's only sign-in).
    @inlinable public static var signInWithApple: UserAction { UserAction("sign-in-with-apple", fingerprint: 0xd5abbcfcd6b40aca) }
    /// Sign Out in Profile: asks for a confirmation first.
    @inlinable public static var signOut: UserAction { UserAction("sign-out", fingerprint: 0xa7290bd4494143fd) }
    /// The confirmation alert's destructive "Sign Out".
    @inlinable public static var confirmSignOut: UserAction { UserAction("confirm-sign-out", fingerprint: 0xf714a2d63567ef6e) }
    /// The confirmation alert's "Cancel" (the default).
    @inlinable public static var cancelSignOut: UserAction { UserAction("cancel-sign-out", fingerprint: 0xd4091158c954a7aa) }
    /// The Apple sheet's close button, while the sheet is up: the user changed their mind.
    @inlinable public static var cancelAppleSheet: UserAction { UserAction("cancel-apple-sheet", fingerprint: 0x8c56809e89fdb864) }
}

extension UserAction {
    /// The action's position in `allCases`, by its fingerprint rather than a search or a hash
    /// table (coverage asks for every action a screen offers); nil for an action no bundled app
    /// offers. (A test holds it equal to the position.)
    public var bundledPosition: Int? {
        let position: Int? = switch fingerprint {
        case 0x9bf10f2812408c5f: 0
        case 0xf35a3fc0200382cb: 1
        case 0xd2bfd5accd1966a4: 2
        case 0xb5b6410750d4e0c8: 3
        case 0x0214f409fbdb9abb: 4
        case 0x6fcf3caebff97095: 5
        case 0x2d582147c78edbe4: 6
        case 0x4f02e73525aaca40: 7
        case 0xcb340b55883881c1: 8
        case 0x163ca1f2c427ff19: 9
        case 0x83d458f7e3ad60f3: 10
        case 0xa0a927cdd5371939: 11
        case 0x614a0ead0aa35590: 12
        case 0xb7b6e55122a3f4f3: 13
        case 0x75eade2091633cf7: 14
        case 0xee5d97ad45ad251f: 15
        case 0x9b55c27cd76b4eea: 16
        case 0x192ed99e1b9bff8c: 17
        case 0xf1a9f8cb86e0e5bf: 18
        case 0x9a46ff9baa276602: 19
        case 0xe5316cbaa025f028: 20
        case 0x3f1a3b18de6ae902: 21
        case 0xd5abbcfcd6b40aca: 22
        case 0xa7290bd4494143fd: 23
        case 0xf714a2d63567ef6e: 24
        case 0xd4091158c954a7aa: 25
        case 0x8c56809e89fdb864: 26
        default: nil
        }
        guard let position, Self.allCases[position].rawValue == rawValue else { return nil }
        return position
    }
}
