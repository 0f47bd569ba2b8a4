import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// The email screen links to the Terms of Service (seed 002 §14: "`OnboardingAuthView.swift`
/// (line 84, 90) links to" the terms and the privacy policy; "Tap 'Terms of Service' or 'Privacy
/// Policy' links during signup").
///
/// Whenever the email screen lets the user type their email, it also offers the legal links: a
/// user signs up having been able to read what they agree to. (`launchReadiness` judges where the
/// links lead.)
public struct LegalLinksOnSignUp: Oracle {
    public let name = "legalLinksOnSignUp"
    public let summary = "the email screen offers the Terms and Privacy links whenever it takes an email"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        guard let screen = run.screens.first(where: {
            $0.state.route == .onboarding(.auth) && $0.state.actions.contains(.typeEmail) && !$0.state.actions.contains(.openTerms)
        }) else { return [] }
        return [Violation(oracle: name, at: screen.time,
                          message: "At \(screen.time) the email screen took an email but offered no Terms of Service link: the user "
                            + "signs up without being able to read what they agree to (seed 002 §14).",
                          excerpt: run.lines([screen.index]))]
    }
}
