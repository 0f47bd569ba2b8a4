import SimKernel
import AppVocabulary

extension FreeUser {
    /// Drives the app until the user is done on the main app, gives up, or runs out of choices.
    public func drive(_ world: OnboardingWorld) async -> FreeUserLog {
        await world.device.drive(self, world: world)
    }

    /// The drive loop, isolated to the device like `UserPolicy.loop`: looks and taps in place.
    func loop(_ world: OnboardingWorld, isolation device: isolated Device) async -> FreeUserLog {
        var user = FreeUserDrive(self, profile: profile(in: world.simulation), world: world)
        let outcome = await user.run(device)
        UserGaveUp.record(outcome, deviated: user.deviationsLeft < user.profile.deviations, in: world.simulation)
        return FreeUserLog(outcome: outcome, started: user.started, ended: world.simulation.clock.now, choices: user.choices)
    }
}

extension Device {
    /// Runs the free user's loop in this actor's isolation.
    func drive(_ user: FreeUser, world: OnboardingWorld) async -> FreeUserLog {
        await user.loop(world, isolation: self)
    }
}
