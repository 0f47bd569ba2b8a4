/// Which case a model event is, without its payload: oracles pick the events they judge by
/// kind, so the events they skip are never copied.
extension ModelEvent {
    public enum Kind: UInt8, Sendable, CaseIterable {
        case launched, killed, backgrounded, foregrounded, reinstalled, cacheCorrupted
        case signedOut, signedIn, launchContext, deviceSettings, connectivity, screen
        case userAction, actionUnavailable, screenAppeared, screenDisappeared, timerStarted, timerStopped
        case timerTick, requestSent, faultApplied, responseReceived, backendHandled, journeyChanged
        case accountSeeded, progressStored, analytics, pushTokenRegistered, phaseChanged, stepCompleted
        case syncQueued, syncDelivered, syncAbandoned, permissionAnswered, appConfiguration, note
        case accountLost, storedCaches, sessionIssued, eventLogged, appStorage, requestCarries
    }

    /// A set of kinds, as one word. (Inlinable: oracles test every event's kind against one.)
    public struct Kinds: Sendable, Equatable, ExpressibleByArrayLiteral {
        @usableFromInline var bits: UInt64

        @inlinable public init(arrayLiteral kinds: Kind...) {
            var bits: UInt64 = 0
            for kind in kinds { bits |= 1 << UInt64(kind.rawValue) }
            self.bits = bits
        }

        @inlinable public func contains(_ kind: Kind) -> Bool { bits & 1 << UInt64(kind.rawValue) != 0 }

        @inlinable public mutating func insert(_ kind: Kind) { bits |= 1 << UInt64(kind.rawValue) }

        /// The raw values of the kinds in the set, in order: its few set bits, not every kind.
        @inlinable public var rawValues: RawValues { RawValues(bits: bits) }

        public struct RawValues: Sequence, IteratorProtocol {
            @usableFromInline var bits: UInt64
            @inlinable init(bits: UInt64) { self.bits = bits }

            @inlinable public mutating func next() -> Int? {
                guard bits != 0 else { return nil }
                let raw = bits.trailingZeroBitCount
                bits &= bits - 1
                return raw
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .launched: .launched
        case .killed: .killed
        case .backgrounded: .backgrounded
        case .foregrounded: .foregrounded
        case .reinstalled: .reinstalled
        case .cacheCorrupted: .cacheCorrupted
        case .signedOut: .signedOut
        case .signedIn: .signedIn
        case .launchContext: .launchContext
        case .deviceSettings: .deviceSettings
        case .connectivity: .connectivity
        case .screen: .screen
        case .userAction: .userAction
        case .actionUnavailable: .actionUnavailable
        case .screenAppeared: .screenAppeared
        case .screenDisappeared: .screenDisappeared
        case .timerStarted: .timerStarted
        case .timerStopped: .timerStopped
        case .timerTick: .timerTick
        case .requestSent: .requestSent
        case .requestCarries: .requestCarries
        case .faultApplied: .faultApplied
        case .responseReceived: .responseReceived
        case .backendHandled: .backendHandled
        case .journeyChanged: .journeyChanged
        case .accountSeeded: .accountSeeded
        case .progressStored: .progressStored
        case .analytics: .analytics
        case .pushTokenRegistered: .pushTokenRegistered
        case .phaseChanged: .phaseChanged
        case .stepCompleted: .stepCompleted
        case .syncQueued: .syncQueued
        case .syncDelivered: .syncDelivered
        case .syncAbandoned: .syncAbandoned
        case .permissionAnswered: .permissionAnswered
        case .appConfiguration: .appConfiguration
        case .note: .note
        case .accountLost: .accountLost
        case .storedCaches: .storedCaches
        case .sessionIssued: .sessionIssued
        case .eventLogged: .eventLogged
        case .appStorage: .appStorage
        }
    }
}
