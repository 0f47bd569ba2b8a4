import Foundation
import SimKernel
import AppVocabulary

/// `device.phone`, a key of every plug-in app whose world keeps a phone's stores
/// (`AppWorld.takesPhoneContents`: `AppHostWorld`): what is in `UserDefaults` (`@AppStorage`)
/// and the keychain before the first launch, as data instead of a device key of the glue's own.
///
/// ```json
/// "device": {"phone": {"defaults": {"hasCompletedOnboarding": true, "launchCount": 3},
///                      "keychain": {"session": {"accessToken": "a1", "refreshToken": "r1"}}}}
/// ```
///
/// A default is any JSON value but null (a whole number is an `Int`, another number a `Double`,
/// an object a dictionary). A keychain item is bytes: a string is stored as its UTF-8, an object
/// or array as its JSON (what a `Codable` item's `JSONDecoder` reads back).
extension AppSetup {
    /// The keys of `device.phone`.
    static let phoneKeys = ["defaults", "keychain"]

    /// What `device.phone` puts on the phone; nil when the section has none. A value that does
    /// not read is left out (the decoder refuses a file with one first: `phoneProblems`).
    public var phoneContents: PhoneContents? {
        phone.flatMap { Self.phoneContents($0, context: DecodingContext(file: "")) }
    }

    /// `device.phone` as written; nil when the section has none.
    var phone: JSONValue? {
        guard case .object(let members)? = device else { return nil }
        return members.first { $0.key == "phone" }?.value
    }

    /// A copy whose `device.phone` holds `defaults` and `keychain`: a persona's phone as data.
    ///
    /// ```swift
    /// AppPersona(name: "returning", summary: "finished the onboarding on an earlier launch",
    ///            setup: { _ in AppSetup().withPhone(defaults: [("hasCompletedOnboarding", .bool(true))]) })
    /// ```
    public func withPhone(defaults: [(String, JSONValue)] = [], keychain: [(String, JSONValue)] = []) -> AppSetup {
        var phone: [(key: String, value: JSONValue)] = []
        if !defaults.isEmpty { phone.append(("defaults", .object(defaults.map { (key: $0.0, value: $0.1) }))) }
        if !keychain.isEmpty { phone.append(("keychain", .object(keychain.map { (key: $0.0, value: $0.1) }))) }
        var members: [(key: String, value: JSONValue)] = []
        if case .object(let existing)? = device { members = existing.filter { $0.key != "phone" } }
        members.append(("phone", .object(phone)))
        return AppSetup(device: .object(members), backend: backend)
    }

    /// The problems of `device.phone` for `plugin`: each value that does not read, or the whole
    /// key when the app's world keeps no phone stores.
    func phoneProblems(for plugin: any AppPlugin, context: DecodingContext) {
        guard let phone else { return }
        guard AppRegistry.takesPhoneContents(plugin) else {
            context.fail("$.device.phone", "the \(plugin.id) app's world keeps no phone stores to set up: nothing here would reach the app",
                         suggestion: "build its world as an AppHostWorld (its phone has defaults and a keychain), "
                            + "or set the phone up in makeWorld from a device key of the app's own")
            return
        }
        _ = Self.phoneContents(phone, context: context)
    }

    private static func phoneContents(_ value: JSONValue, context: DecodingContext) -> PhoneContents? {
        guard let phone = context.object(value, at: "$.device.phone", keys: phoneKeys) else { return nil }
        var contents = PhoneContents()
        for (key, value) in entries(phone["defaults"], at: phone.path("defaults"), context: context) {
            if let stored = defaultsValue(value, at: "$.device.phone.defaults[\(JSONPrinter.quote(key))]", context: context) {
                contents.defaults.append((key, stored))
            }
        }
        for (key, value) in entries(phone["keychain"], at: phone.path("keychain"), context: context) {
            let path = "$.device.phone.keychain[\(JSONPrinter.quote(key))]"
            switch value {
            case .string(let text): contents.keychain.append((key, Data(text.utf8)))
            case .object, .array: contents.keychain.append((key, Data(JSONPrinter.compact(value).utf8)))
            default:
                context.fail(path, "expected a string (stored as its UTF-8 bytes) or an object or array (stored as its JSON), found \(value.kindName)",
                             suggestion: "a keychain item is bytes: write \"\(JSONPrinter.compact(value))\" as a string")
            }
        }
        return contents
    }

    private static func entries(_ value: JSONValue?, at path: String, context: DecodingContext) -> [(key: String, value: JSONValue)] {
        guard let value else { return [] }
        guard case .object(let members) = value else {
            context.fail(path, "expected an object of keys and values, found \(value.kindName)")
            return []
        }
        return members
    }

    private static func defaultsValue(_ value: JSONValue, at path: String, context: DecodingContext) -> PhoneContents.Value? {
        switch value {
        case .null:
            context.fail(path, "UserDefaults holds no null", suggestion: "leave the key out: a key never set reads as absent")
            return nil
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .number(let text):
            if let whole = Int(text) { return .int(whole) }
            if let number = Double(text), number.isFinite { return .double(number) }
            context.fail(path, "expected a number UserDefaults can hold, found \(text)")
            return nil
        case .array(let elements):
            var values: [PhoneContents.Value] = []
            for (index, element) in elements.enumerated() {
                guard let stored = defaultsValue(element, at: "\(path)[\(index)]", context: context) else { return nil }
                values.append(stored)
            }
            return .array(values)
        case .object(let members):
            var values: [String: PhoneContents.Value] = [:]
            for (key, element) in members {
                guard let stored = defaultsValue(element, at: "\(path)[\(JSONPrinter.quote(key))]", context: context) else { return nil }
                values[key] = stored
            }
            return .dictionary(values)
        }
    }
}
