import AppVocabulary

/// Program activation, notification permission, the success screen and completion
/// (002 §3, §7, §10, §11; 000 Pitfall 7).
extension ClientStore {
    static let activationError = "Couldn't activate your program. Please try again."

    /// 002 §3 `ProgramReviewView.activateProgram()`.
    func activateProgramTapped() async {
        guard startsBusy("activate") else { return }
        programError = nil
        errorMessage = nil
        publish()
        await approve()
        // fix-3: the old chain has "no error checks" between the calls.
        if !mutants.contains(.fix3), programError != nil { return finishActivation() }
        await activate()
        if !mutants.contains(.fix3), programError != nil { return finishActivation() }
        busy = nil
        activateProgramInStore()
        publish()
    }

    private func finishActivation() {
        busy = nil
        publish()
    }

    /// `programStore.approve()`: sets `programStore.errorMessage` on failure.
    func approve() async {
        guard let user = userID else { return }
        record(await call(.approveProgram(userID: user)))
    }

    /// `programStore.activate()`.
    func activate() async {
        guard let user = userID else { return }
        record(await call(.activateProgram(userID: user)))
    }

    /// A cancelled call (its session ended, the app went) failed no attempt the user can see:
    /// the sign-out cleared the errors, and the next session starts clean.
    /// app-cancelled-activation-error: the cancellation is recorded as a failed activation.
    private func record(_ result: Result<FixPlanReply, RequestError>) {
        switch result {
        case .success(.program(let status)): programStatus = status
        case .success: break
        case .failure(.cancelled) where !mutants.contains(.appCancelledActivationError): break
        case .failure: programError = Self.activationError
        }
    }

    /// `onboardingStore.activateProgram()`: moves on from program review.
    func activateProgramInStore() {
        // fix-10: the flow advances "without verifying the program was actually activated".
        if !mutants.contains(.fix10) {
            guard programStatus == .active else { return }
        }
        if phase == .success {
            // Activated from the success screen's own Activate: the card shows, Start is offered.
            successNeedsActivation = false
            errorMessage = nil
            workoutCard = "Day 1: your first workout"
            return publish()
        }
        setPhase(.notificationPermission)
    }

    /// 002 §7 `requestNotificationPermission()`.
    func requestNotificationPermission() async {
        guard startsBusy("permission") else { return }
        publish()
        // The phone asks once per install: `requestAuthorization` returns the answer at once (the
        // card shows again only with `app-permission-asked-again`).
        // Its token went to the queue (kept across kills) when the user answered.
        if disk.storage.notificationsAnswer != nil {
            simulation.record(ModelEvent.note("system prompt: notifications not shown: answered on this install"))
            busy = nil
            return setPhase(.success)
        }
        // The system prompt is up until the user answers it.
        do {
            try await simulation.clock.sleep(for: .milliseconds(800), label: "notification prompt")
        } catch { return }
        // Killed while the prompt was up: the prompt went with the app, and nobody answered it.
        guard !terminated else { return }
        let granted = settings.grantsNotifications
        simulation.record(ModelEvent.permissionAnswered(granted: granted))
        disk.storage.notificationsAnswer = granted
        // fix-7: "never calls UIApplication.shared.registerForRemoteNotifications()".
        // app-push-without-permission: registered whatever the answer.
        if granted || mutants.contains(.appPushWithoutPermission), !mutants.contains(.fix7), let user = userID {
            let token = "apns-\(disk.storage.install)"
            await syncQueue.enqueue(.pushToken(user: user, token: token))
        }
        busy = nil
        setPhase(.success)
    }

    /// The step to show for `target`: past the notifications card when the user answered the
    /// prompt on this install (000 Pitfall 4: the phone will not ask again, so the card could
    /// only ask for what was answered; the answer's push token went to the queue, kept across
    /// kills, when it was given). `app-permission-asked-again` shows the card again.
    func pastAnsweredPermission(_ target: OnboardingPhase) -> OnboardingPhase {
        guard target == .notificationPermission, disk.storage.notificationsAnswer != nil,
              !mutants.contains(.appPermissionAskedAgain) else { return target }
        simulation.record(ModelEvent.note("notifications answered on this install: past the card"))
        return .success
    }

    func skipNotifications() async {
        setPhase(.success)
    }

    /// OnboardingSuccessView appears: confetti (002 §11) and the first-workout card (002 §10).
    func successAppeared() {
        // fix-11: ConfettiView "generates 50 animated particles without checking isReduceMotionEnabled".
        confetti = mutants.contains(.fix11) || !settings.reduceMotion
        workoutCard = nil
        successNeedsActivation = false
        switch programStatus {
        case .active?:
            workoutCard = "Day 1: your first workout"
        case nil:
            busy = "program-check"
            run("load program") { await $0.loadProgramForSuccess() }
        default:
            programNotActiveOnSuccess()
        }
    }

    func loadProgramForSuccess() async {
        guard let user = userID else { return }
        let result = await call(.program(userID: user))
        busy = nil
        switch result {
        case .success(.program(let status)):
            programStatus = status
            if status == .active { workoutCard = "Day 1: your first workout" } else { return programNotActiveOnSuccess() }
        case .failure(.cancelled):
            return
        default:
            // dec-success-check-fallback: cannot tell, so show the card's fallback and let the user
            // continue (002 §10: "fine as a defensive measure"), into an empty main app if the
            // program is not active. Fixed: say so, and offer Retry.
            if mutants.contains(.decSuccessCheckFallback) {
                workoutCard = "Ready when you are!"
            } else {
                errorMessage = "Couldn't check your program. Please try again."
                retryTarget = .programCheck
            }
        }
        publish()
    }

    private func programNotActiveOnSuccess() {
        if mutants.contains(.fix10) {
            // fix-10: "reads programStore.program?.program without verifying the program was actually activated".
            workoutCard = "Ready when you are!"
            busy = nil
            publish()
            return
        }
        busy = nil
        if mutants.contains(.decSuccessCheckFlash) {
            // dec-success-check-flash: back to program review by itself, a moment after success
            // showed: a route flash (000 Pitfall 1's rule (b)).
            setPhase(.programReview)
        } else {
            // Stay, say why, and offer Activate in place: the user decides to move (002 §10).
            successNeedsActivation = true
        }
        errorMessage = "Your program isn't active yet. Activate it to continue."
        publish()
    }

    /// The success screen's "Start": onboarding is complete and the main app shows.
    func finishOnboarding() async {
        guard let user = userID else { return setPhase(.complete) }
        guard startsBusy("completing") else { return }
        publish()  // the spinner: seen only while pit-7 waits for the backend below
        // app-completion-not-logged: the funnel's last event is never logged.
        if !mutants.contains(.appCompletionNotLogged) { sendAnalytics("onboarding_completed") }
        if mutants.contains(.pit7) {
            // pit-7: completion is confirmed with the backend, then posted through NotificationCenter;
            // "Notifications can be missed if observer not attached yet".
            _ = await call(.pushProgress(userID: user, phase: .complete))
            busy = nil
            guard completionObserverAttached else {
                simulation.record(ModelEvent.note("onboardingCompleted notification missed"))
                return publish()
            }
            return setPhase(.complete)
        }
        // 003: "Observable-based routing (replacing NotificationCenter)": the route changes directly.
        busy = nil
        setPhase(.complete)
    }
}
