import AppVocabulary

/// Goal generation and selection: `fetchGoalOptions()` and `confirmSelection()` (002 §2, §8).
extension ClientStore {
    /// 002 §2 `GoalContractStore.fetchGoalOptions()`, with the fix's single automatic retry.
    func fetchGoalOptions() async {
        guard let user = userID, !goalsLoading else { return }
        goalsLoading = true
        goalError = nil
        publish()
        var result = await call(.generateGoals(userID: user), timeout: timeouts.goalGeneration)
        if case .failure(let error) = result, error != .cancelled, !mutants.contains(.fix2) {
            // 002 §2 fix: "add a single automatic retry with 2s delay before surfacing the error".
            do {
                try await simulation.clock.sleep(for: .seconds(2), label: "goal options retry delay")
            } catch {
                goalsLoading = false
                return
            }
            result = await call(.generateGoals(userID: user), timeout: timeouts.goalGeneration)
        }
        goalsLoading = false
        switch result {
        case .success(.goalOptions(let options)):
            goalOptions = options
        case .failure(.cancelled):
            return
        default:
            goalError = "Couldn't load goal options"
        }
        publish()
    }

    /// 002 §8 `GoalReviewView.confirmSelection()`.
    func confirmSelection() async {
        guard let option = selectedOption, let user = userID, startsBusy("confirm-goal") else { return }
        errorMessage = nil
        publish()
        // app-first-goal-saved: the list's first goal goes, whichever was selected.
        let saved = mutants.contains(.appFirstGoalSaved) ? goalOptions.first ?? option : option
        let result = await call(.selectGoal(userID: user, option: saved))
        busy = nil
        switch result {
        case .success(.contract(let id)):
            contractID = id
            if (programStatus ?? .none) < .draft { programStatus = .draft }
            setPhase(.programReview)
        case .failure(.cancelled):
            return
        default:
            // fix-8: "contract stays nil and the if block is skipped … the user sees no error".
            if !mutants.contains(.fix8) { errorMessage = "Couldn't save your goal. Please try again." }
            publish()
        }
    }
}
