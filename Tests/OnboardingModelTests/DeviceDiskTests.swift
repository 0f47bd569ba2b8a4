import Testing
import SimKernel
import AppVocabulary
@testable import OnboardingModel

/// The device's storage as each launch sees it: a killed process writes nothing, as on a phone.
@Suite struct DeviceDiskTests {
    @Test func aKilledProcessWritesNothingWhileTheNextLaunchAndTheDeviceItselfStillDo() {
        let simulation = Simulation(seed: 1)
        let device = DeviceDisk(storage: DeviceStorage())
        let first = AppProcess(id: 1, simulation: simulation)
        let firstLaunch = device.opened(by: first)
        firstLaunch.storage.eventsLogged += 1
        #expect(device.storage.eventsLogged == 1)

        first.terminate()
        // A task of the killed process that ignored its cancellation.
        firstLaunch.storage.eventsLogged += 1
        firstLaunch.storage.session = Session(userID: "u1", email: "new.user@example.com")
        #expect(device.storage.eventsLogged == 1 && device.storage.session == nil)
        #expect(firstLaunch.storage.eventsLogged == 1, "it still reads what is stored")

        let secondLaunch = device.opened(by: AppProcess(id: 2, simulation: simulation))
        secondLaunch.storage.eventsLogged += 1
        #expect(device.storage.eventsLogged == 2)
        // The device's own writes (a reinstall's erase) belong to no process.
        device.storage.reinstall()
        #expect(secondLaunch.storage.install == 2)
    }
}
