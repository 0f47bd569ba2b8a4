/// A problem with a scenario file: where, what was expected, and what to do.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// A JSON path such as `$.faults[2].endpoint`, or `line 3, column 7` for a syntax error.
    public let location: String
    public let message: String
    public let suggestion: String?

    public init(file: String, location: String, message: String, suggestion: String? = nil) {
        self.file = file
        self.location = location
        self.message = message
        self.suggestion = suggestion
    }

    public var description: String {
        "\(file): \(location): \(message)" + (suggestion.map { " (\($0))" } ?? "")
    }
}

/// Every problem found in one or more scenario files.
public struct ScenarioProblems: Error, Sendable, Equatable {
    public let errors: [ScenarioError]

    public init(_ errors: [ScenarioError]) { self.errors = errors }
}
