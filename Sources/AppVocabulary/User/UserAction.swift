/// Something a user can do on a screen. The screen lists the ones enabled at each instant.
///
/// Open: every app names its own actions (`UserAction("allow-photos")`) and lists them in its
/// plug-in (`AppPlugin.actions`), with the role each plays (`ActionRole`); the core knows none
/// by name. Two actions are the same when their names are: the trace, scenarios and reports
/// speak in names.
public struct UserAction: VocabularyName {
    /// The action's name in scenarios, the trace and reports (`send-code`).
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    /// An action named `name`: lowercase words joined by hyphens, by convention.
    public init(_ name: String) { rawValue = name; fingerprint = NameFingerprint.of(name) }
    /// Any name makes an action; which ones a screen offers is the app's to say.
    public init(rawValue: String) { self.init(rawValue) }
    /// For an app's own names declared as statics: their fingerprints spelled out, so that
    /// naming one costs nothing (the app's tests hold each equal to `NameFingerprint.of`).
    @usableFromInline package init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }
}

extension UserAction {
    /// The phone's own, not an app's: the close button of a system sheet (Sign in with Apple's
    /// ✕), which the harness offers while the sheet is up. An app whose roles declare a sign-in
    /// with a sheet's credential (`RequestRole.credential`) has it declared as `.cancel`.
    public static let closeSystemSheet = UserAction("close-system-sheet")
}
