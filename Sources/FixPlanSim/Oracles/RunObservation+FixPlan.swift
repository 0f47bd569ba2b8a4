import AppVocabulary
import OnboardingModel
import Oracles

extension RunObservation {
    /// The fix plan's backend journey of `user` as of `index` (`journey(of:atIndex:)`, read back).
    func fixPlanJourney(of user: String, atIndex index: Int) -> Journey? {
        journey(of: user, atIndex: index).flatMap(Journey.init)
    }
}
