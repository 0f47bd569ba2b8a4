import SimKernel
import OnboardingModel

/// What each behaviour does when the free user draws it on the pickup app.
extension PickupFreeUserDrive {
    mutating func deviate(_ behaviour: UserBehaviour, on screen: ScreenState, forward: UserAction?,
                          _ device: isolated PickupDevice) async {
        switch behaviour {
        case .otherAction:
            let others = screen.actions.filter { $0 != forward }
            guard !others.isEmpty else { return }
            await act(.tap(others[random.nextInt(in: 0...others.count - 1)], input: nil), device)
        case .disabledTap:
            let hidden = AppID.pickup.actions.filter { !screen.actions.contains($0) }
            guard !hidden.isEmpty else { return }
            await act(.tap(hidden[random.nextInt(in: 0...hidden.count - 1)], input: nil), device)
        case .doubleTap:
            // With a spinner up and nothing forward, the button that started it (refused, harmlessly).
            let action = forward ?? (screen.route == .signIn ? .signInWithApple : .retry)
            let gap = random.chance(Probability(0.5)) ? 0 : random.nextInt(in: 1...40)
            await act(.tap(action, input: nil), device)
            if gap > 0 { guard await pause(.milliseconds(gap), label: "user taps again") else { return } }
            await act(.tap(action, input: nil), device)
        case .background:
            await act(.background, device)
            let away = random.chance(Probability(0.3)) ? random.nextInt(in: 10_000...90_000) : random.nextInt(in: 1_000...10_000)
            guard await pause(.milliseconds(away), label: "user is in another app") else { return }
            await act(.foreground, device)
        case .kill:
            await act(.kill, device)
            guard await pause(.milliseconds(random.nextInt(in: 1_000...30_000)), label: "app is closed") else { return }
            await reopen(device)
        case .reinstall:
            await act(.reinstall, device)
            guard await pause(.milliseconds(random.nextInt(in: 1_000...10_000)), label: "app is reinstalling") else { return }
            await reopen(device)
        case .connectivity:
            onlineAt = clock.now.advanced(by: .milliseconds(random.nextInt(in: 2_000...40_000)))
            await act(.goOffline, device)
        case .signOut:
            // Profile > Sign Out, then the alert's Sign Out (a person who meant it).
            await act(.tap(.signOut, input: nil), device)
            guard await pause(.milliseconds(random.nextInt(in: 300...1_500)), label: "user reads the alert") else { return }
            if world.screen.onSharedExecutor({ $0.current.actions.contains(.confirmSignOut) }) {
                await act(.tap(.confirmSignOut, input: nil), device)
            }
        case .wrongInput, .otherEmail, .back, .midRequest, .otherDevice:
            return
        }
    }

    /// Opens the app again; one time in five the person is somewhere without a connection now
    /// (it comes back 5-40 s later), so a cold launch meets the offline path.
    private mutating func reopen(_ device: isolated PickupDevice) async {
        if onlineAt == nil, random.chance(Probability(0.2)) {
            onlineAt = clock.now.advanced(by: .milliseconds(random.nextInt(in: 5_000...40_000)))
            await act(.goOffline, device)
        }
        await act(.launch, device)
    }

    /// Logs `act` and does it.
    mutating func act(_ act: UserChoice.Act, _ device: isolated PickupDevice) async {
        choices.append(UserChoice(at: clock.now, act: act))
        switch act {
        case .tap(let action, let input):
            // A tap happens in place: two in one instant are two taps in one instant.
            await device.perform(action, input: input)
            return
        case .launch: await device.launch()
        case .kill: await device.kill()
        case .background: await device.background()
        case .foreground: await device.foreground()
        case .reinstall: await device.reinstall()
        case .goOffline: await world.network.setOnline(false)
        case .goOnline: await world.network.setOnline(true)
        case .corruptCache, .signOut, .resetProgramElsewhere: return  // not in this app
        }
        // What the act woke may or may not have run when the call returns: look again a moment later.
        _ = await pause(.milliseconds(1), label: "user looks again")
    }

    /// Turns the connection back on now, if the user turned it off.
    mutating func restoreConnection(_ device: isolated PickupDevice) async {
        guard onlineAt != nil else { return }
        onlineAt = nil
        await act(.goOnline, device)
    }

    /// A new decision point starts only after some thought: false if the run was cancelled.
    mutating func think() async -> Bool {
        await pause(.milliseconds(random.nextInt(in: profile.thinkTimeMs)), label: "user thinks")
    }

    /// Sleeps `length` of the user's time; false if the run was cancelled.
    func pause(_ length: Duration, label: String) async -> Bool {
        do { try await clock.sleep(for: length, label: label) } catch { return false }
        return true
    }
}
