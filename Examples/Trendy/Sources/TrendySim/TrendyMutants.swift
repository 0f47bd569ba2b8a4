import AppVocabulary
import TrendyOnboarding

/// The seeds' bugs put back into the Trendy onboarding, each a `TrendyBugs` switch in the app's
/// own code.
enum TrendyMutants {
    struct Known {
        let mutant: Mutant
        let bug: TrendyBugs
        let summary: String
        let source: String
        var entry: Mutant.Entry { Mutant.Entry(mutant, app: TrendyApp.app, summary: summary, source: source) }
    }

    static let all: [Known] = [
        Known(mutant: Mutant("trendy-launch-flash"), bug: .launchFlash,
              summary: "a returning user's launch shows welcome, checks the profile, then switches to home: a route flash",
              source: "000 Pitfall 1 (async state check causing UI flash)"),
        Known(mutant: Mutant("trendy-nested-loading"), bug: .nestedLoading,
              summary: "a returning user's launch screen is followed by home's own loading view",
              source: "000 Pitfall 2 (multiple loading states)"),
        Known(mutant: Mutant("trendy-double-sign-up"), bug: .doubleSubmit,
              summary: "the sign-up button has no loading state: a double tap signs up twice",
              source: "000 Pitfall 10 (missing loading state on buttons)"),
        Known(mutant: Mutant("trendy-motion"), bug: .motionIgnored,
              summary: "the finish screen's confetti plays under Reduce Motion",
              source: "000 Pitfall 8 (Reduce Motion); 001 celebration animation"),
        Known(mutant: Mutant("trendy-silent-finish"), bug: .silentFinish,
              summary: "a failed profile update on Finish puts the button back with no word",
              source: "000 Pitfall 6; 001 \"coordinate writes with backend profile updates\""),
        Known(mutant: Mutant("trendy-prompt-before-card"), bug: .promptBeforeCard,
              summary: "a permission's system prompt shows as its card appears, before the user taps Enable",
              source: "000 Pitfall 4 (two-step opt-in); 001 permission request order"),
        Known(mutant: Mutant("trendy-stale-sign-up-email"), bug: .staleSignUpEmail,
              summary: "a sign-up sent again after a failure sends the first attempt's address, not the corrected one",
              source: "002 §6 (the request carries the email the user gave)"),
        Known(mutant: Mutant("trendy-offline-as-it-leaves"), bug: .offlineAsItLeaves,
              summary: "the connection goes as Finish's request leaves: the same error comes straight back, and the tap does nothing the user sees (found by the swarm's goesOffline coincidence)",
              source: "002 §3 (\"Button spins, stops, and nothing happens\"); 003 offline-first"),
    ]

    /// The app's bug switches for the mutants on in a run.
    static func bugs(_ mutants: MutantSet) -> TrendyBugs {
        all.reduce(into: TrendyBugs()) { bugs, known in if mutants.contains(known.mutant) { bugs.insert(known.bug) } }
    }
}
