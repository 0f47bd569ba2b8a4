import Scenarios
/// A usage error: printed with the command's usage line, exit code 2.
struct UsageError: Error, Equatable {
    let message: String
}

/// The arguments of one command, checked against what the command accepts.
///
/// Accepts `--name value`, `--name=value`, boolean `--flag`, `-h`/`--help`, and `--` to end
/// options. An unknown option is an error that suggests the closest known one; an option given
/// twice is an error unless it is one of the repeatable ones (`--mutant`, `--persona`).
struct ParsedArguments {
    /// The options that may be given more than once, each value counting.
    static let repeatable: Set<String> = ["--mutant", "--persona"]

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
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if !Self.repeatable.contains(name), let earlier = optionValues.first(where: { $0.name == name }) {
                    throw UsageError(message: "\(name) given twice ('\(earlier.value)' and '\(value)'); give it once")
                }
                optionValues.append((name, value))
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

    /// The value given for `option`, if any (the last, for a repeatable one).
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
        guard Self.isWholeNumber(text), let number = UInt64(text) else {
            throw UsageError(message: "\(option) takes a whole number from 0 to \(UInt64.max), got '\(text)'")
        }
        return number
    }

    /// Only the digits 0-9: no sign, no spaces (`UInt64("+5")` would take `+5`).
    static func isWholeNumber(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
