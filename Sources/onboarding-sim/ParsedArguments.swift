import Scenarios
/// A usage error: printed with the command's usage line, exit code 2.
struct UsageError: Error, Equatable {
    let message: String
}

/// The arguments of one command, checked against what the command accepts.
///
/// Accepts `--name value`, `--name=value`, boolean `--flag`, `-h`/`--help`, and `--` to end
/// options. An unknown option is an error that suggests the closest known one.
struct ParsedArguments {
    private(set) var positionals: [String] = []
    private var flagsSeen: [String] = []
    private var optionValues: [(name: String, value: String)] = []

    init(_ arguments: [String], flags: [String], options: [String]) throws(UsageError) {
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" { optionsEnded = true; continue }
            if argument == "-h" || argument == "--help" { flagsSeen.append("--help"); continue }
            if argument == "-V", flags.contains("--version") { flagsSeen.append("--version"); continue }
            let (name, inlineValue) = Self.split(argument)
            if flags.contains(name) {
                guard inlineValue == nil else { throw UsageError(message: "\(name) takes no value") }
                flagsSeen.append(name)
            } else if options.contains(name) {
                if let inlineValue {
                    optionValues.append((name, inlineValue))
                } else {
                    guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                    optionValues.append((name, arguments[index]))
                    index += 1
                }
            } else {
                var message = "unknown option '\(name)'"
                if let suggestion = DidYouMean.closest(to: name, among: flags + options) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message)
            }
        }
    }

    func has(_ flag: String) -> Bool { flagsSeen.contains(flag) }

    /// The last value given for `option`, if any.
    func value(_ option: String) -> String? {
        optionValues.last { $0.name == option }?.value
    }

    /// Every value given for a repeatable option, in order.
    func values(_ option: String) -> [String] {
        optionValues.filter { $0.name == option }.map(\.value)
    }

    /// The value of `option` as an unsigned 64-bit number.
    func unsigned(_ option: String) throws(UsageError) -> UInt64? {
        guard let text = value(option) else { return nil }
        guard let number = UInt64(text) else {
            throw UsageError(message: "\(option) takes a whole number from 0 to \(UInt64.max), got '\(text)'")
        }
        return number
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
