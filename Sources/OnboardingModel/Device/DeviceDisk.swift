import AppVocabulary

/// The device's persistent storage (UserDefaults and the keychain), read and written
/// synchronously. The device holds one (`init(storage:)`); each launch of the app gets its own
/// view of it (`opened(by:)`): the same storage, read as it is, and written only while that
/// process lives. On a phone a killed process runs nothing, so what a task of it would still
/// write after the kill is lost (a task that ignored its cancellation cannot store a step after
/// a force-quit). The harness's `SimulatedDefaults` refuses such writes the same way for
/// plug-ins, and the pickup app's `PickupDisk` is the same for its storage.
final class DeviceDisk: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    private final class Shelf {
        @exclusivity(unchecked) var storage: DeviceStorage
        init(_ storage: DeviceStorage) { self.storage = storage }
    }

    private let shelf: Shelf
    /// The process writing through this view; nil for the device's own (the OS, a reinstall).
    private let process: AppProcess?

    init(storage: DeviceStorage) {
        shelf = Shelf(storage)
        process = nil
    }

    private init(shelf: Shelf, process: AppProcess) {
        self.shelf = shelf
        self.process = process
    }

    /// The same storage as `process` reads and writes it.
    func opened(by process: AppProcess) -> DeviceDisk { DeviceDisk(shelf: shelf, process: process) }

    var storage: DeviceStorage {
        get { shelf.storage }
        _modify {
            if process?.isAlive ?? true {
                yield &shelf.storage
            } else {
                var lost = shelf.storage
                yield &lost
            }
        }
    }
}
