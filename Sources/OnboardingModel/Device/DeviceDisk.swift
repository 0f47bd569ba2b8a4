import SimKernel
import AppVocabulary

/// The device's persistent storage, read and written synchronously like UserDefaults.
final class DeviceDisk: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    @exclusivity(unchecked) var storage: DeviceStorage

    init(storage: DeviceStorage) { self.storage = storage }
}
