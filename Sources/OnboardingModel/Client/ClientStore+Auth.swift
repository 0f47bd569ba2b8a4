import AppVocabulary

/// Intro, intake and email OTP sign-in: `completeAuth()`, `completeLogin()`, `resendCode()`,
/// `useDifferentEmail()` of the fix plan.
extension ClientStore {
    func getStarted() {
        // 000 Pitfall 3 prevention: "Move Initialization to Coordinator"; the mutant sends it from the view.
        if !mutants.contains(.pit3) { sendStartedOnce() }
        isReturningLogin = false
        setPhase(.intake)
    }

    /// `onboarding_started`, guarded by a flag in the per-user cache ("Use @State Guard for One-Time Execution").
    /// A signed-in user started long ago (sign-up comes after the intake): a fallback launch that
    /// shows them the intro after a reinstall, their cache gone, sends nothing.
    /// dec-started-after-reinstall: only the cache's flag guards it.
    private func sendStartedOnce() {
        if userID != nil && !mutants.contains(.decStartedAfterReinstall) { return }
        if case .hit(let cache) = readCache(for: userID), cache.startedSent { return }
        sendAnalytics("onboarding_started")
        writeCache { $0.startedSent = true }
    }

    func logIn() {
        isReturningLogin = true
        setPhase(.auth)
    }

    func sendCode() async {
        guard startsBusy("send-code") else { return }
        let email = emailField
        errorMessage = nil
        publish()
        let result = await call(.sendOTP(email: email, shouldCreateUser: shouldCreateUser))
        busy = nil
        switch result {
        case .success:
            pendingEmail = email
            codeField = ""
            setPhase(.authVerification)
        case .failure(.cancelled):
            return
        case .failure:
            errorMessage = "Couldn't send the code. Please try again."
            publish()
        }
    }

    func verifyCode() async {
        guard let email = pendingEmail, startsBusy("verify") else { return }
        errorMessage = nil
        publish()
        let result = await call(.verifyOTP(email: email, code: codeField))
        busy = nil
        switch result {
        case .success(.session(let user, let newAccount)):
            establishSession(user: user, email: email)
            signedUpNewAccount = newAccount
            if isReturningLogin { await completeLogin() } else { await completeAuth() }
        case .failure(.cancelled):
            return
        case .failure(.status(401, _)):
            errorMessage = Self.codeError
            publish()
        default:
            // app-network-blames-code: a code lost to the network gets the wrong code's error.
            errorMessage = mutants.contains(.appNetworkBlamesCode) ? Self.codeError : Self.connectionError
            publish()
        }
    }

    /// 002 §9: `shouldCreateUser: !onboardingStore.isReturningLogin`, for the first send and the
    /// resend alike. A user with a session has an account already, so the app never asks to
    /// create one then (found by exploration: a reinstalled, signed-in user going through intake
    /// asked to create an existing account, and a strict backend rejected the later log-in).
    var shouldCreateUser: Bool { !isReturningLogin && userID == nil }

    /// Stores the session in the keychain and moves the anonymous progress to the user's cache.
    private func establishSession(user: String, email: String) {
        disk.storage.sessionsIssued += 1
        disk.storage.session = Session(userID: user, email: email, number: disk.storage.sessionsIssued)
        let anonymous = readCache(for: nil)
        userID = user
        signedInThisLaunch = true
        simulation.record(ModelEvent.signedIn(user: user))
        if case .hit(let cache) = anonymous, case .miss = readCache(for: user) {
            writeCache { $0.startedSent = cache.startedSent }
        }
    }

    /// 002 §2: a new user's goal generation starts here, fire-and-forget, and the flow moves on.
    /// 003: "Backend is source of truth — backend status always wins over local": a sign-up that
    /// signed in to an account further along (an existing user who tapped "Get started") resumes
    /// where the backend is (found by exploration: such a user went through onboarding again and
    /// sent `onboarding_completed` twice). No answer: an error with Retry, as 002 §1's fix does
    /// for a log-in ("Show error instead of assuming"): assuming a new account re-onboarded a
    /// finished user whose journey check timed out (found by exploration at 100,000 seeds). A
    /// sign-in that created its account has nothing ahead of it on the backend: no question.
    func completeAuth() async {
        if !mutants.contains(.decSourceOfTruth), !signedUpNewAccount, let user = userID {
            switch await fetchJourney(of: user) {
            case .success(.journey(let journey)) where journey.resumePhase > .processOverview:
                programStatus = journey.programStatus
                return setPhase(journey.resumePhase)
            case .success:
                break
            case .failure(.cancelled):
                return
            case .failure:
                errorMessage = Self.connectionError
                retryTarget = .signUp
                return publish()
            }
        }
        run("fetchGoalOptions") { await $0.fetchGoalOptions() }
        setPhase(.processOverview)
    }

    static let connectionError = "Couldn't connect. Please check your connection and try again."
    /// The answer to a code the backend rejected (401), and to that only.
    static let codeError = "That code didn't work. Check it and try again."

    /// `fetchJourneyState()` behind the "login" spinner.
    private func fetchJourney(of user: String) async -> Result<FixPlanReply, RequestError> {
        busy = "login"
        errorMessage = nil
        publish()
        let result = await call(.journey(userID: user))
        busy = nil
        return result
    }

    /// 002 §1: a returning user is routed by the backend journey.
    func completeLogin() async {
        guard let user = userID else { return }
        switch await fetchJourney(of: user) {
        case .success(.journey(let journey)):
            programStatus = journey.programStatus
            isReturningLogin = false
            if journey.resumePhase == .processOverview { run("fetchGoalOptions") { await $0.fetchGoalOptions() } }
            setPhase(journey.resumePhase)
        case .failure(.cancelled):
            return
        default:
            isReturningLogin = false
            if mutants.contains(.fix1) {
                // fix-1: "catches any fetchJourneyState() error and sets phase = .complete".
                setPhase(.complete)
                return
            }
            // 002 §1 fix: "Show error instead of assuming complete … Stay on current phase".
            errorMessage = Self.connectionError
            retryTarget = .login
            publish()
        }
    }

    /// 002 §9: resend the code, with `shouldCreateUser` matching the kind of sign-in.
    func resendCode() async {
        guard let email = pendingEmail, startsBusy("resend-code") else { return }
        errorMessage = nil
        publish()
        // fix-9: "hardcodes shouldCreateUser: true" even for returning users.
        let result = await call(.sendOTP(email: email, shouldCreateUser: mutants.contains(.fix9) ? true : shouldCreateUser))
        busy = nil
        switch result {
        case .success:
            // 002 §5: "call startResendTimer() in resendCode() after successful resend".
            startResendTimer(owner: "otp-verification#\(verificationAppearances)")
        case .failure(.cancelled):
            return
        case .failure:
            errorMessage = "Failed to resend code. Please try again."
            // app-failed-resend-waits: the countdown restarts although the resend failed.
            if mutants.contains(.appFailedResendWaits) { startResendTimer(owner: "otp-verification#\(verificationAppearances)") }
        }
        publish()
    }

    /// 002 §6: back to the email screen, keeping the email so the field is pre-filled.
    func useDifferentEmail() {
        if mutants.contains(.fix6) {
            // fix-6: "clears pendingEmail then navigates to .auth".
            pendingEmail = nil
        }
        codeField = ""
        errorMessage = nil
        setPhase(.auth)
    }
}
