import AppVocabulary

extension Device: AppDevice {}

extension OnboardingWorld: AppWorld {
    public var app: AppID { .fixPlan }
}
