import AppVocabulary

/// Moving between phases: what each screen does when it appears and disappears, and the
/// per-step save and sync of seed 003.
extension ClientStore {
    /// 002 `setPhase(_:)`: moves to `next`, saves locally, queues the push, updates the screen.
    func setPhase(_ next: OnboardingPhase) {
        // A killed process runs nothing: a left-over task's answer moves no step (on a phone its
        // code is gone). Without this a call cancelled by the kill went on to the next step and
        // recorded it as the user's progress (#50's ten-million-seed run, seed 5167078).
        guard !terminated else { return }
        let next = pastAnsweredPermission(next)
        let previous = phase
        let wasShowing = route == .onboarding(previous)
        if wasShowing { screenWillDisappear(previous) }
        phase = next
        route = next == .complete ? .main : .onboarding(next)
        errorMessage = nil
        retryTarget = nil
        simulation.record(ModelEvent.phaseChanged(next.step))
        saveAndSync(advancedFrom: previous)
        screenDidAppear(next)
        publish()
    }

    /// Saves the phase in the per-user cache and, once signed in, queues it for the backend
    /// (003: "Push to backend after each onboarding step").
    func saveAndSync(advancedFrom previous: OnboardingPhase) {
        let current = phase
        let email = pendingEmail
        let returning = isReturningLogin
        writeCache { cache in
            cache.phase = current
            cache.pendingEmail = email
            cache.returningLogin = returning
        }
        guard let user = userID else { return }
        if current > previous { simulation.record(ModelEvent.stepCompleted(user: user, phase: current.step)) }
        syncQueue.onSharedExecutor(passing: SyncItem.progress(user: user, phase: current)) { $0.enqueue($1) }
    }

    func screenDidAppear(_ appeared: OnboardingPhase) {
        switch appeared {
        case .auth:
            // 002 §6 fix: "pre-fill the email field on appear" (the view's field starts empty).
            emailField = pendingEmail ?? ""
        case .authVerification:
            verificationAppearances += 1
            let owner = "otp-verification#\(verificationAppearances)"
            simulation.record(ModelEvent.screenAppeared(owner))
            startResendTimer(owner: owner)
        case .goalReview:
            // 002 §2: GoalReviewView "already re-fetches if options are empty".
            if goalOptions.isEmpty && !goalsLoading { run("fetchGoalOptions") { await $0.fetchGoalOptions() } }
        case .success:
            successAppeared()
        case .complete:
            refreshSessionOnMain()
        default:
            break
        }
    }

    func screenWillDisappear(_ leaving: OnboardingPhase) {
        if leaving == .authVerification {
            simulation.record(ModelEvent.screenDisappeared("otp-verification#\(verificationAppearances)"))
            otpTimer.onSharedExecutor { $0.stop() }
        }
        if leaving == .success { confetti = false }
    }

    func startResendTimer(owner: String) {
        let process = self.process
        otpTimer.onSharedExecutor { timer in
            timer.start(owner: owner, process: process) { [weak self] in self?.onSharedExecutor { $0.publish() } }
        }
    }

    /// 000 Pitfall 12: "Define clear back navigation rules in OnboardingStep": each step's
    /// `previous`, and none once signed in ("Can't go back after auth"). The code screen goes back
    /// to the email, kept (002 §6).
    func goBack() {
        switch phase {
        case .intake: setPhase(.intro)
        case .intakeComplete: setPhase(.intake)
        // app-back-to-intake: the email step's `previous` is the intake's last step, also for a log-in.
        case .auth: setPhase(isReturningLogin && !mutants.contains(.appBackToIntake) ? .intro : .intakeComplete)
        case .authVerification: useDifferentEmail()
        default:
            // pit-12: the old `previous` steps back in flow order, across the sign-in ("the
            // `previous` logic might need review for the new flow order").
            guard mutants.contains(.pit12), let previous = OnboardingPhase.allCases.last(where: { $0 < phase }) else { return }
            setPhase(previous)
        }
    }

    /// The signed-in user's Continue after the intake: `completeAuth()`, which marks itself busy
    /// again before its first suspension (no tap fits between). A sign-out or account loss in the
    /// tap's instant cancelled this work and left the intake: then it does nothing.
    func completeAuthAfterIntake() async {
        busy = nil
        guard !Task.isCancelled, phase == .intakeComplete, userID != nil else { return publish() }
        await completeAuth()
    }

    func continueFromCurrentPhase() {
        switch phase {
        case .intake: setPhase(.intakeComplete)
        case .intakeComplete:
            // A signed-in user skips the sign-in they already did and goes on as after it: the
            // backend journey decides (a finished user whom a fallback launch sent to onboarding
            // goes to main), else goal generation. dec-signed-in-intake: the email screen, as
            // for a new user.
            guard userID != nil, !mutants.contains(.decSignedInIntake) else { return setPhase(.auth) }
            // Busy from the tap's own instant: a second tap in it finds the button spinning (000 P10).
            guard startsBusy("login") else { return }
            // 002 §1: a new attempt starts with the last one's error gone (found by onboarding-mutate:
            // the error of a failed journey check stayed beside the new attempt's spinner).
            // app-stale-error: the old error stays on screen while the new attempt spins.
            if !mutants.contains(.appStaleError) {
                errorMessage = nil
                retryTarget = nil
            }
            publish()
            run("complete-auth") { await $0.completeAuthAfterIntake() }
        case .processOverview: setPhase(.goalReview)
        default: preconditionFailure("continue is offered only on intake, intakeComplete and processOverview")
        }
    }
}
