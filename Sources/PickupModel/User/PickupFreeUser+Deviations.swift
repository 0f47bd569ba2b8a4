import SimKernel
import AppVocabulary

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
            let hidden = PickupVocabulary.actions.filter { !screen.actions.contains($0) }
            guard !hidden.isEmpty else { return }
            await act(.tap(hidden[random.nextInt(in: 0...hidden.count - 1)], input: nil), device)
        case .doubleTap:
            // With a spinner up and nothing forward, the button that started it (refused, harmlessly).
            let action = forward ?? (screen.route == .signIn ? .signInWithApple : .retry)
            let gap = random.chance(Probability(0.5)) ? 0 : random.nextInt(in: 1...40)
            await act(.tap(action, input: nil), device)
            if gap > 0 { guard await pause(.milliseconds(gap), label: "user taps again") else { return } }
            await act(.tap(action, input: nil), device)
        case .background, .kill, .reinstall, .connectivity:
            _ = await leaveAndReturn(behaviour, corruptsCache: false, device)
        case .signOut:
            // Profile > Sign Out, then the alert's Sign Out (a person who meant it).
            await act(.tap(.signOut, input: nil), device)
            guard await pause(.milliseconds(random.nextInt(in: 300...1_500)), label: "user reads the alert") else { return }
            if world.screen.onSharedExecutor({ $0.current.actions.contains(.confirmSignOut) }) {
                await act(.tap(.confirmSignOut, input: nil), device)
            }
        case .wrongInput, .otherEmail, .back, .midRequest, .otherDevice, .slowCode, .handOver:
            return
        }
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
        case .corruptCache, .signOut, .resetElsewhere, .progressElsewhere: return  // not in this app
        }
        // What the act woke may or may not have run when the call returns: look again a moment later.
        _ = await pause(.milliseconds(1), label: "user looks again")
    }
}
