import AppVocabulary
import Oracles

/// The rules that judge an app's runs. Part of `AppPlugin`; by default the shared ones, the
/// promises every onboarding makes, judged through the app's roles, and no opt-out.
public protocol AppJudging: Sendable {
    /// The oracles that judge its runs. By default the shared ones (`OracleCatalogue.shared`).
    /// Add the app's own, or leave out one whose promise the app does not make.
    var oracles: [any Oracle] { get }
    /// The shared policies (`Oracle.policy`) the app keeps another way, each with its reason:
    /// left out of its oracles, and shown by `list --oracles --app`. By default none.
    var policyOptOuts: [PolicyOptOut] { get }
}

extension AppJudging where Self: AppPlugin {
    public var oracles: [any Oracle] { OracleCatalogue.shared }
    public var policyOptOuts: [PolicyOptOut] { [] }
}
