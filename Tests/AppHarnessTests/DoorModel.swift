// App code, written as an iOS app writes it: a main-actor @Observable model with injected
// dependencies behind the app's own protocols. This file imports no module of the simulator.
import Foundation
import Observation

public protocol DoorHTTPClient: Sendable {
    func data(method: String, path: String, headers: [String: String], body: Data) async throws
        -> (status: Int, headers: [String: String], body: Data)
}

public protocol DoorConnectivity: AnyObject, Sendable {
    var isSatisfied: Bool { get }
    func start(_ handler: @escaping (Bool) -> Void)
}

public protocol DoorStorage: AnyObject, Sendable {
    func bool(forKey key: String) -> Bool
    func set(_ value: Bool, forKey key: String)
}

/// The door's one screen model: the hall with its Open button, or the room behind the door.
/// Isolated to the main actor, as a view model its SwiftUI views read is.
@MainActor @Observable public final class DoorModel {
    public enum Place: Equatable { case hall, room }

    public private(set) var place: Place
    public private(set) var isOpening = false
    public private(set) var errorMessage: String?
    /// No connection: the offline banner; a tap on Open waits for one (a bounded while).
    public private(set) var isOffline: Bool
    @ObservationIgnored let http: any DoorHTTPClient
    @ObservationIgnored let storage: any DoorStorage
    @ObservationIgnored let clock: any Clock<Duration>
    /// A known bug, switched on by the simulator: a failed unlock says nothing.
    @ObservationIgnored let forgetsErrors: Bool

    public init(http: any DoorHTTPClient, storage: any DoorStorage, connectivity: any DoorConnectivity,
                clock: any Clock<Duration>, forgetsErrors: Bool = false) {
        self.http = http
        self.storage = storage
        self.clock = clock
        self.forgetsErrors = forgetsErrors
        place = storage.bool(forKey: "door_open") ? .room : .hall
        isOffline = !connectivity.isSatisfied
        // The monitor calls back on the main queue (`monitor.start(queue: .main)`).
        connectivity.start { [weak self] online in MainActor.assumeIsolated { self?.isOffline = !online } }
    }

    public func open() async {
        guard !isOpening else { return }
        isOpening = true
        errorMessage = nil
        defer { isOpening = false }
        // Offline, a request could only fail at once: wait for the connection a while first.
        var waited = Duration.zero
        while isOffline && waited < .seconds(20) {
            do { try await clock.sleep(for: .milliseconds(500)) } catch { return }
            waited += .milliseconds(500)
        }
        if isOffline {
            if !forgetsErrors { errorMessage = "Still no connection. Try again." }
            return
        }
        do {
            let answer = try await http.data(method: "POST", path: "/door/unlock", headers: [:], body: Data())
            if answer.status == 200 {
                place = .room
                storage.set(true, forKey: "door_open")
            } else if !forgetsErrors {
                errorMessage = "The door did not open. Try again."
            }
        } catch {
            if !forgetsErrors { errorMessage = "No connection. Try again." }
        }
    }

    public func close() {
        place = .hall
        storage.set(false, forKey: "door_open")
    }
}
