/// A problem with a scenario file: where, what was expected, and what to do.
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    /// A JSON path such as `$.faults[2].endpoint`, or `line 3, column 7` for a syntax error.
    public let location: String
    public let message: String
    public let suggestion: String?
    /// Where in the file the problem is (1-based), when known: editors and CI annotations jump there.
    public var line: Int?
    public var column: Int?

    public init(file: String, location: String, message: String, suggestion: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.location = location
        self.message = message
        self.suggestion = suggestion
        self.line = line
        self.column = column
    }

    /// `file:line:column: $.path: message (suggestion)`, the form compilers use, so that an
    /// editor or a terminal links it to the place; without a known line, `file: $.path: message`.
    public var description: String {
        let place = line.map { "\(file):\($0):\(column ?? 1)" } ?? file
        let path = location.hasPrefix("line ") && line != nil ? "" : " \(location):"
        return "\(place):\(path) \(message)" + (suggestion.map { " (\($0))" } ?? "")
    }

    /// This problem placed in `text`, the file's contents: at the value its JSON path names (or
    /// the nearest enclosing one that exists), or at the line and column a syntax error gives.
    public func placed(in text: String, locations: inout [(path: String, line: Int, column: Int)]?) -> ScenarioError {
        var placed = self
        if location.hasPrefix("line "), let numbers = Optional(location.split { !$0.isNumber }.compactMap { Int($0) }), numbers.count == 2 {
            (placed.line, placed.column) = (numbers[0], numbers[1])
            return placed
        }
        guard location.hasPrefix("$") else { return placed }
        if locations == nil { locations = JSONParser.locations(in: text) }
        var path = location
        while true {
            if let found = locations?.first(where: { $0.path == path }) {
                (placed.line, placed.column) = (found.line, found.column)
                return placed
            }
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { return placed }
            path = String(path[..<cut])
        }
    }
}

/// Every problem found in one or more scenario files.
public struct ScenarioProblems: Error, Sendable, Equatable {
    public let errors: [ScenarioError]

    public init(_ errors: [ScenarioError]) { self.errors = errors }
}
