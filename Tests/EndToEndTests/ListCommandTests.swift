import Testing

/// `onboarding-sim list --mutants` prints every catalogue id, tab-separated from a summary.
@Suite struct ListCommandTests {
    static let catalogue = ["fix-1", "fix-2", "fix-3", "fix-4", "fix-5", "fix-6", "fix-7", "fix-8", "fix-9",
                            "fix-10", "fix-11", "fix-12", "fix-13", "fix-14", "pit-1", "pit-2", "pit-3", "pit-6",
                            "pit-7", "pit-10", "pit-12", "dec-cache-user", "dec-corrupt", "dec-timeout",
                            "dec-resume-login", "dec-account-loss", "dec-source-of-truth", "dec-offline-events",
                            "dec-push-order", "dec-resume-anonymous", "dec-resume-step", "dec-progress-elsewhere", "dec-signed-in-intake", "dec-start-over-signed-in", "dec-started-after-reinstall", "dec-success-check-flash", "dec-success-check-fallback", "app-auth-wall",
                            "app-offline-banner", "app-stale-error", "app-offline-tap", "app-offline-as-it-leaves", "app-back-to-intake", "app-push-without-permission", "app-slow-countdown", "app-first-goal-saved", "app-completion-not-logged", "app-failed-resend-waits", "app-network-blames-code", "app-cancelled-activation-error", "app-permission-asked-again", "pickup-onboarding-again", "pickup-skip-no-flag", "pickup-offline-bypass",
                            "pickup-banner-sticks", "pickup-unconfirmed-sign-out", "pickup-double-sign-in", "pickup-dead-token",
                            "pickup-offline-retry", "pickup-stale-load", "pickup-silent-sign-in-error",
                            "pickup-shared-cache", "pickup-next-skips-page", "pickup-offline-promise", "pickup-sign-out-keeps-list", "pickup-refresh-lost-offline"]

    @Test func listMutantsPrintsOneLinePerCatalogueIdWithATabAndASummary() throws {
        let output = try BuiltTool.run(["list", "--mutants"])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.map { $0.split(separator: "\t").first.map(String.init) ?? "" } == Self.catalogue)
        #expect(lines.allSatisfy { $0.split(separator: "\t").count == 2 && $0.count > 20 })
    }

    /// The oracle names `list --oracles` prints with these arguments.
    static func oracles(_ arguments: [String]) throws -> [String] {
        let output = try BuiltTool.run(["list", "--oracles"] + arguments)
        #expect(output.status == 0, "\(output.standardError)")
        return output.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    @Test func listOraclesShowsEachAppsListTheSharedPromisesAndItsOwnRules() throws {
        let pickup = try Self.oracles(["--app", "pickup"]), fixPlan = try Self.oracles(["--app", "fix-plan"])
        // Shared: both; seed 004's own: the pickup app only; the fix plan's seeds' own: the fix plan only.
        for shared in ["noRouteFlash", "noSilentDeadEnd", "requestsCarryWhatTheUserEntered"] {
            #expect(pickup.contains(shared) && fixPlan.contains(shared), "\(shared)")
        }
        #expect(pickup.contains("onboardingOncePerInstall") && !fixPlan.contains("onboardingOncePerInstall"))
        #expect(fixPlan.contains("exactlyOnce") && !pickup.contains("exactlyOnce"))
        // Without --app: every oracle that judges one of the tool's apps, once each.
        let every = try Self.oracles([])
        #expect(Set(every) == Set(pickup + fixPlan) && every.count == Set(every).count)
        let unknown = try BuiltTool.run(["list", "--oracles", "--app", "nope"])
        #expect(unknown.status == 2 && unknown.standardError.contains("--app takes"))
    }
}
