/// A plug-in's `device` and `backend` sections read into its own `Decodable` types, with no
/// walking of `JSONValue`: each problem at its JSON path, as the scenario decoder reports its own.
///
/// ```swift
/// struct DoorDevice: Decodable { var locked: Bool?; var visitors: [String]? }
///
/// func checkSetup(_ setup: AppSetup) -> [AppSetupProblem] { setup.problems(device: DoorDevice.self, backend: NoSettings.self) }
/// func makeWorld(_ start: AppStart) -> any AppWorld {
///     let device = start.setup.device(DoorDevice.self) ?? DoorDevice()
///     …
/// }
/// ```
///
/// Optional properties are keys a file may leave out; a key the type does not read is reported
/// (`unknown key "lockd"`, with the keys it reads), as is a value of the wrong kind and a missing
/// key of a property that is not optional. `device.online` and `device.phone`, every app's, are
/// always known.
extension AppSetup {
    /// The `device` section read as `type`; nil when the file has none or it does not read
    /// (`problems(device:backend:)` says why, and the decoder refuses such a file first).
    public func device<Device: Decodable>(_ type: Device.Type) -> Device? {
        device.flatMap { try? JSONValueDecoder.decode(type, from: $0, at: "$.device").get() }
    }

    /// The `backend` section read as `type`; nil when the file has none or it does not read.
    public func backend<Backend: Decodable>(_ type: Backend.Type) -> Backend? {
        backend.flatMap { try? JSONValueDecoder.decode(type, from: $0, at: "$.backend").get() }
    }

    /// Every problem of reading the sections as `device` and `backend` (`NoSettings` for a
    /// section the app takes nothing in), each at its JSON path: what `checkSetup` returns.
    public func problems<Device: Decodable, Backend: Decodable>(device: Device.Type, backend: Backend.Type) -> [AppSetupProblem] {
        Self.problems(of: self.device, as: device, section: "device", alsoKnown: ["online", "phone"])
            + Self.problems(of: self.backend, as: backend, section: "backend", alsoKnown: [])
    }

    private static func problems<T: Decodable>(of value: JSONValue?, as type: T.Type, section: String,
                                               alsoKnown: [String]) -> [AppSetupProblem] {
        guard let value else { return [] }
        let path = "$.\(section)"
        if type == NoSettings.self {
            if case .object(let members) = value, members.allSatisfy({ alsoKnown.contains($0.key) }) { return [] }
            return [AppSetupProblem(path: path, message: "the app takes no settings in \"\(section)\" (found \(value.kindName))",
                                    suggestion: "remove \"\(section)\"")]
        }
        var read = value
        if case .object(let members) = value { read = .object(members.filter { !alsoKnown.contains($0.key) }) }
        return JSONValueDecoder.problems(of: type, from: read, at: path)
    }
}

/// A section an app takes no settings in (`AppSetup.problems(device:backend:)`): any value
/// there is a problem.
public struct NoSettings: Decodable, Sendable {
    public init(from decoder: any Decoder) throws {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "the app takes no settings here"))
    }
}
