import SimKernel
import AppVocabulary
import OnboardingModel
import Oracles

/// The email screen links to the Terms of Service (seed 002 §14: "`OnboardingAuthView.swift`
/// (line 84, 90) links to" the terms and the privacy policy; "Tap 'Terms of Service' or 'Privacy
/// Policy' links during signup").
///
/// Whenever the email screen lets the user type their email, it also offers the legal links: a
/// user signs up having been able to read what they agree to. And the link the user taps opens
/// the page it names: Terms of Service opens the terms the app was configured with, not another
/// page. (`launchReadiness` judges that the configured pages are real ones.)
public struct LegalLinksOnSignUp: Oracle {
    public let name = "legalLinksOnSignUp"
    public let summary = "the email screen offers the Terms and Privacy links whenever it takes an email, and Terms opens the terms"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        if let wrongPage = termsOpenedElsewhere(run) { return [wrongPage] }
        guard let screen = run.screens.first(where: {
            $0.state.route == .onboarding(.auth) && $0.state.actions.contains(.typeEmail) && !$0.state.actions.contains(.openTerms)
        }) else { return [] }
        return [Violation(oracle: name, at: screen.time,
                          message: "At \(screen.time) the email screen took an email but offered no Terms of Service link: the user "
                            + "signs up without being able to read what they agree to (seed 002 §14).",
                          excerpt: run.lines([screen.index]))]
    }

    /// The first tap on Terms of Service that opened a page other than the configured terms.
    private func termsOpenedElsewhere(_ run: RunObservation) -> Violation? {
        var terms: String?
        var tap: RunObservation.Event?
        let view = run.events([.appConfiguration, .userAction, .note])
        for event in view.places {
            switch view[event] {
            case .appConfiguration(let configured, _): terms = configured
            case .userAction(let action, _): tap = action == .openTerms ? view.recorded(event) : nil
            case .note(let text) where text.hasPrefix("opened "):
                defer { tap = nil }
                guard let tapped = tap, let terms, text != "opened \(terms)" else { continue }
                return Violation(oracle: name, at: event.time,
                                 message: "At \(tapped.time) the user tapped Terms of Service and the app \(text), not the terms "
                                    + "(\(terms)): the user reads another page than the one they agree to (seed 002 §14).",
                                 excerpt: run.lines([tapped.index, event.index]))
            default: break
            }
        }
        return nil
    }
}
