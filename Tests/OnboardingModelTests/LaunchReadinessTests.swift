import Testing
@testable import AppVocabulary
@testable import OnboardingModel

@Suite struct LaunchReadinessTests {
    @Test(arguments: [
        ("https://legal.trainwell.app/terms", "legal.trainwell.app"),
        ("https://WWW.Example.COM:8080/terms?x=1", "www.example.com"),
        ("http://localhost#top", "localhost"),
        ("mailto:legal@trainwell.app", nil),
        ("https:///terms", nil),
    ] as [(String, String?)])
    func theHostIsReadBetweenTheSchemeAndThePath(url: String, host: String?) {
        #expect(LaunchReadiness.host(of: url) == host)
    }

    @Test func placeholderHostsAndTheirSubdomainsAreFlaggedButLookalikesAreNot() {
        #expect(LaunchReadiness.problems(termsURL: "https://www.example.com/t", privacyURL: "https://example.org/p").count == 2)
        #expect(LaunchReadiness.problems(termsURL: "https://notexample.com/t", privacyURL: "https://example.com.evil.io/p").isEmpty)
        #expect(LaunchReadiness.problems(termsURL: "terms", privacyURL: "https://trainwell.app/p")
            == ["the terms of service URL 'terms' has no host"])
    }
}
