import SimKernel
import AppVocabulary

/// The phone's storage, read and written synchronously (the keychain and UserDefaults): the
/// phone's own, and each launch's view of it (`opened(by:)`), whose writes are lost once that
/// process is killed, as the fix plan's `DeviceDisk` does.
final class PickupDisk: @unchecked Sendable {
    // Confined to the simulation's driver thread.
    private final class Shelf {
        @exclusivity(unchecked) var storage: PickupStorage
        init(_ storage: PickupStorage) { self.storage = storage }
    }

    private let shelf: Shelf
    private let process: AppProcess?

    init(storage: PickupStorage) {
        shelf = Shelf(storage)
        process = nil
    }

    private init(shelf: Shelf, process: AppProcess) {
        self.shelf = shelf
        self.process = process
    }

    func opened(by process: AppProcess) -> PickupDisk { PickupDisk(shelf: shelf, process: process) }

    var storage: PickupStorage {
        get { shelf.storage }
        _modify {
            guard process?.isAlive ?? true else {
                var lost = shelf.storage
                yield &lost
                return
            }
            yield &shelf.storage
        }
    }
}
