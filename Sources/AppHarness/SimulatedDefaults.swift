import Foundation
import Synchronization
import SimKernel
import AppVocabulary

/// A key-value store with `UserDefaults`' semantics on a phone: it survives a kill and is gone
/// after a reinstall. App code reads and writes it through its own protocol, declared with the
/// same requirements (`string(forKey:)`, `set(_:forKey:)`, …); the simulator's target makes this
/// type conform in one line. Every write is recorded in the trace (as a note: the oracles judge
/// what the user saw, never what the app stored).
///
/// Property-list values only, as `UserDefaults` takes: strings, numbers, booleans, data, dates,
/// and arrays and dictionaries of them. Any other value is not stored, and the trace says so.
public final class SimulatedDefaults: Sendable {
    /// A stored value.
    enum Value: Sendable, Equatable {
        case string(String), bool(Bool), int(Int), double(Double), data(Data), date(Date)
        indirect case array([Value]), dictionary([String: Value])

        init?(_ any: Any) {
            switch any {
            case let value as Bool where type(of: any) == Bool.self: self = .bool(value)
            case let value as Int: self = .int(value)
            case let value as Double: self = .double(value)
            case let value as String: self = .string(value)
            case let value as Data: self = .data(value)
            case let value as Date: self = .date(value)
            case let values as [Any]:
                var converted: [Value] = []
                for element in values {
                    guard let value = Value(element) else { return nil }
                    converted.append(value)
                }
                self = .array(converted)
            case let values as [String: Any]:
                var converted: [String: Value] = [:]
                for (key, element) in values {
                    guard let value = Value(element) else { return nil }
                    converted[key] = value
                }
                self = .dictionary(converted)
            default: return nil
            }
        }

        var any: Any {
            switch self {
            case .string(let value): value
            case .bool(let value): value
            case .int(let value): value
            case .double(let value): value
            case .data(let value): value
            case .date(let value): value
            case .array(let values): values.map(\.any)
            case .dictionary(let values): values.mapValues(\.any)
            }
        }
    }

    private let values = Mutex<[String: Value]>([:])
    private let simulation: Simulation?
    private let name: String
    private let life: Mutex<AppProcessLife?>

    /// - Parameters:
    ///   - simulation: where writes are recorded; nil records nothing.
    ///   - name: how the trace names the store (`defaults`, `keychain`).
    public init(simulation: Simulation? = nil, name: String = "defaults") {
        self.simulation = simulation
        self.name = name
        life = Mutex(nil)
    }

    /// Ties writes to a launch: once that process has ended, its writes are dropped (a killed
    /// app writes nothing). `AppHost` does this at every launch.
    public func attach(to life: AppProcessLife) { self.life.withLock { $0 = life } }

    public func object(forKey key: String) -> Any? { values.withLock { $0[key] }?.any }
    public func string(forKey key: String) -> String? { if case .string(let value)? = values.withLock({ $0[key] }) { value } else { nil } }
    public func data(forKey key: String) -> Data? { if case .data(let value)? = values.withLock({ $0[key] }) { value } else { nil } }

    /// False when absent, as `UserDefaults` answers.
    public func bool(forKey key: String) -> Bool {
        switch values.withLock({ $0[key] }) {
        case .bool(let value)?: value
        case .int(let value)?: value != 0
        default: false
        }
    }

    /// 0 when absent.
    public func integer(forKey key: String) -> Int {
        switch values.withLock({ $0[key] }) {
        case .int(let value)?: value
        case .bool(let value)?: value ? 1 : 0
        case .double(let value)?: Int(exactly: value.rounded(.towardZero)) ?? 0
        default: 0
        }
    }

    /// 0 when absent.
    public func double(forKey key: String) -> Double {
        switch values.withLock({ $0[key] }) {
        case .double(let value)?: value
        case .int(let value)?: Double(value)
        default: 0
        }
    }

    public func set(_ value: Any?, forKey key: String) {
        guard let value else { return removeObject(forKey: key) }
        guard let stored = Value(value) else {
            note("\(name) refused \(key): not a property-list value (\(type(of: value)))")
            return
        }
        write(stored, forKey: key)
    }

    public func set(_ value: Bool, forKey key: String) { write(.bool(value), forKey: key) }
    public func set(_ value: Int, forKey key: String) { write(.int(value), forKey: key) }
    public func set(_ value: Double, forKey key: String) { write(.double(value), forKey: key) }

    public func removeObject(forKey key: String) {
        guard isWritable(key) else { return }
        values.withLock { _ = $0.removeValue(forKey: key) }
        note("\(name) removed \(key)")
    }

    /// What a reinstall does to `UserDefaults`: everything goes.
    public func erase() {
        values.withLock { $0.removeAll() }
        note("\(name) erased")
    }

    private func write(_ value: Value, forKey key: String) {
        guard isWritable(key) else { return }
        values.withLock { $0[key] = value }
        note("\(name) set \(key)")
    }

    private func isWritable(_ key: String) -> Bool {
        guard let life = life.withLock({ $0 }), !life.isAlive else { return true }
        note("\(name) dropped a write of \(key): the app's process has ended")
        return false
    }

    private func note(_ text: String) { simulation?.record(ModelEvent.note(text)) }
}
