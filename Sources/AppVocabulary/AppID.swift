/// An app this simulator runs, each with its own actors, backend, mutants and scenarios on the
/// same kernel, registered by its plug-in (`AppPlugin.id`): the name its scenarios give in
/// `"app"` (`AppID("trendy")`). The core knows no app by name. Two ids are the same when their
/// names are.
public struct AppID: VocabularyName {
    /// The app's name in scenarios (`"app": "trendy"`), `--app` and reports.
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    public init(_ name: String) { rawValue = name; fingerprint = NameFingerprint.of(name) }
    public init(rawValue: String) { self.init(rawValue) }
    /// For an app's id declared as a static: its fingerprint spelled out, so that naming it
    /// costs nothing (the app's tests hold it equal to `NameFingerprint.of`).
    @usableFromInline package init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }
}
