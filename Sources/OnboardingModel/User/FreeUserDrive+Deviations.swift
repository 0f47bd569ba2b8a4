import SimKernel
import AppVocabulary

/// What each behaviour does when the free user draws it.
extension FreeUserDrive {
    mutating func deviate(_ behaviour: UserBehaviour, on screen: ScreenState, forward: (UserAction, String?)?,
                          _ device: isolated Device) async {
        let offered = screen.actions
        switch behaviour {
        case .otherAction:
            let others = offered.filter { $0 != forward?.0 }
            guard !others.isEmpty else { return }
            let action = others[random.nextInt(in: 0...others.count - 1)]
            await act(.tap(action, input: input(for: action, on: screen)), device)
        case .disabledTap:
            let hidden = FixPlanVocabulary.actions.filter { !offered.contains($0) }
            guard !hidden.isEmpty else { return }
            await act(.tap(hidden[random.nextInt(in: 0...hidden.count - 1)], input: nil), device)
        case .wrongInput:
            await typeWrong(offered, device)
        case .otherEmail:
            // Another valid shape of the same address (the keyboard capitalised it) or another address.
            let candidates = ([FreeUser.autocapitalised(identity)] + FreeUser.otherEmails).filter { $0 != identity }
            let email = candidates[random.nextInt(in: 0...candidates.count - 1)]
            identity = email
            hasAccount = world.backend.onSharedExecutor(passing: email) { $0.userID(ofEmail: $1) } != nil
            memory = UserPolicy.Memory()
            await act(.tap(.typeEmail, input: email), device)
        case .doubleTap:
            await doubleTap(forward, on: screen, device)
        case .back:
            await act(.tap(.back, input: nil), device)
        case .background, .kill, .reinstall, .connectivity:
            _ = await leaveAndReturn(behaviour, corruptsCache: true, device)
        case .signOut:
            await act(.signOut, device)
            memory = UserPolicy.Memory()
            if random.chance(Probability(0.5)) {
                identity = user.email == identity ? user.otherEmail : user.email
                hasAccount = world.backend.onSharedExecutor(passing: identity) { $0.userID(ofEmail: $1) } != nil
            }
        case .handOver:
            // The other person takes the phone: they sign in when the connection allows.
            await act(.signOut, device)
            memory = UserPolicy.Memory()
            identity = user.email == identity ? user.otherEmail : user.email
            hasAccount = world.backend.onSharedExecutor(passing: identity) { $0.userID(ofEmail: $1) } != nil
        case .otherDevice:
            await act(.kill, device)
            // 002 §10's program reset from the web, or 003's "start on iPad, finish on iPhone".
            await act(random.chance(Probability(0.5)) ? .resetElsewhere(email: identity) : .progressElsewhere(email: identity), device)
            guard await pause(.milliseconds(random.nextInt(in: 5_000...60_000)), label: "user is on another device") else { return }
            await reopen(device)
        case .slowCode:
            await waitForResend(device)
        case .midRequest:
            return
        }
    }

    /// The code has not come (slow mail, the spam folder): the user stays on the code screen
    /// until Resend is offered, then asks for another code; they give up waiting after their
    /// patience, or as soon as the screen leaves the code entry.
    private mutating func waitForResend(_ device: isolated Device) async {
        let deadline = clock.now.advanced(by: profile.patience)
        while true {
            let (shown, seen) = world.screen.onSharedExecutor { ($0.current, $0.version) }
            if shown.actions.contains(.resendCode) { break }
            guard shown.route == .onboarding(.authVerification), clock.now < deadline else { return }
            _ = await world.screen.change(after: seen, before: deadline)
            if Task.isCancelled { return }
        }
        await act(.tap(.resendCode, input: nil), device)
    }

    /// What a person types or picks with `action`: their own email, the code in their mail, or,
    /// having picked a goal, another of those on screen (a change of mind: the goal they picked
    /// last is the one they chose).
    private mutating func input(for action: UserAction, on screen: ScreenState) -> String? {
        switch action {
        case .typeEmail: identity
        case .typeCode: world.backend.onSharedExecutor(passing: identity) { $0.latestCode(for: $1) } ?? "000000"
        case .selectGoal where !screen.choices.isEmpty: screen.choices[tastes.nextInt(in: 0...screen.choices.count - 1)]
        default: nil
        }
    }

    /// A wrong or expired code followed by Verify, or a malformed email followed by Send code.
    private mutating func typeWrong(_ offered: [UserAction], _ device: isolated Device) async {
        if offered.contains(.typeCode) {
            let latest = world.backend.onSharedExecutor(passing: identity) { $0.latestCode(for: $1) }
            let expired = codesSeen.last { $0 != latest }
            let code = expired.flatMap { random.chance(Probability(0.5)) ? $0 : nil } ?? (latest == "000000" ? "111111" : "000000")
            memory.typedCode = nil
            await act(.tap(.typeCode, input: code), device)
            guard await pause(.milliseconds(300), label: "user checks the code") else { return }
            if world.screen.onSharedExecutor({ $0.current.actions.contains(.verify) }) { await act(.tap(.verify, input: nil), device) }
        } else {
            let email = FreeUser.malformedEmails[random.nextInt(in: 0...FreeUser.malformedEmails.count - 1)]
            await act(.tap(.typeEmail, input: email), device)
            guard await pause(.milliseconds(300), label: "user checks the email") else { return }
            if world.screen.onSharedExecutor({ $0.current.actions.contains(.sendCode) }) { await act(.tap(.sendCode, input: nil), device) }
        }
    }

    /// The forward button twice, in one instant or a few milliseconds apart; with a spinner up
    /// and no forward action, the button that started it (the screen refuses it, harmlessly).
    private mutating func doubleTap(_ forward: (UserAction, String?)?, on screen: ScreenState, _ device: isolated Device) async {
        let buttons = FixPlanVocabulary.actions.filter(Self.isButton)
        let action = forward?.0 ?? buttons[random.nextInt(in: 0...buttons.count - 1)]
        let gap = random.chance(Probability(0.5)) ? 0 : random.nextInt(in: 1...40)
        await act(.tap(action, input: forward?.1), device)
        if gap > 0 { guard await pause(.milliseconds(gap), label: "user taps again") else { return } }
        await act(.tap(action, input: forward?.1), device)
    }
}
