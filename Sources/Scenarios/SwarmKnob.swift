import SimKernel

/// A knob of a plug-in app's swarm: one setting of the phone or the backend that `explore`
/// varies from seed to seed, besides the network's faults every app's swarm draws. Each seed
/// draws it from the swarm's own stream; drawn, it sets one key of the scenario's `device` or
/// `backend` section (unless the persona or the scenario file wrote that key: what they wrote was
/// written for their steps), and the seed's knob lines name it: `device.grantsLocation: false`.
///
/// ```swift
/// var swarmKnobs: [SwarmKnob] {
///     [.flag(.device, "reduceMotion", chance: Probability(0.3)),
///      .flag(.device, "grantsLocation", to: .bool(false), chance: Probability(0.25))]
/// }
/// ```
///
/// Draw only values the plug-in's `checkSetup` accepts: a drawn setting is not checked again.
public struct SwarmKnob: Sendable {
    /// The scenario section a knob sets a key of.
    public enum Section: String, Sendable, Equatable {
        case device, backend
    }

    public let section: Section
    public let key: String
    /// The value for one seed, or nil to leave the key as it is this seed.
    public let draw: @Sendable (inout SeededRandom) -> JSONValue?

    public init(_ section: Section, _ key: String, draw: @escaping @Sendable (inout SeededRandom) -> JSONValue?) {
        self.section = section
        self.key = key
        self.draw = draw
    }

    /// Sets `key` to `value` (true by default) on a coin of `chance`; leaves it otherwise.
    public static func flag(_ section: Section, _ key: String, to value: JSONValue = .bool(true),
                            chance: Probability) -> SwarmKnob {
        SwarmKnob(section, key) { random in random.chance(chance) ? value : nil }
    }

    /// Sets `key` to one of `values`, each as likely, on every seed.
    public static func oneOf(_ section: Section, _ key: String, _ values: [JSONValue]) -> SwarmKnob {
        SwarmKnob(section, key) { random in values.isEmpty ? nil : values[random.nextInt(in: 0...values.count - 1)] }
    }
}

/// What one seed drew of a plug-in's knob: which key it sets, and to what.
public struct DrawnSetting: Sendable, Equatable {
    public let section: SwarmKnob.Section
    public let key: String
    public let value: JSONValue

    public init(section: SwarmKnob.Section, key: String, value: JSONValue) {
        self.section = section
        self.key = key
        self.value = value
    }

    /// The knob's line: `device.grantsLocation: false`.
    public var line: String { "\(section.rawValue).\(key): \(JSONPrinter.compact(value))" }
}

extension AppSetup {
    /// Sets each drawn key in its section, unless the section already has it (a persona's or
    /// a scenario file's own value stays). A section written as something other than an object
    /// is left as it is (`checkSetup` reports it).
    public mutating func apply(_ settings: [DrawnSetting]) {
        for setting in settings {
            switch setting.section {
            case .device: device = Self.setting(setting, in: device)
            case .backend: backend = Self.setting(setting, in: backend)
            }
        }
    }

    private static func setting(_ setting: DrawnSetting, in section: JSONValue?) -> JSONValue? {
        switch section {
        case nil: return .object([(key: setting.key, value: setting.value)])
        case .object(let members)?:
            if members.contains(where: { $0.key == setting.key }) { return section }
            return .object(members + [(key: setting.key, value: setting.value)])
        default: return section
        }
    }
}
