/// The enum cases a package declares, so `replace-constant` can swap `.intake` for its neighbour
/// `.intakeComplete` without a type checker: only names that belong to exactly one enum, and only
/// cases without associated values, are swapped. The open vocabulary's values count as cases
/// too: a type's `static var name: Type` and `static let name: Type` members, in its own body
/// and its extensions (`UserAction.retry` → `UserAction.selectGoal`).
public struct EnumCatalogue: Sendable {
    /// Case name → the payload-free cases of its enum, in declaration order; only unambiguous names.
    private var siblings: [String: [String]] = [:]

    public init(files: [SourceFile]) {
        var owners: [String: Int] = [:]
        var declared: [[String]] = []
        var members: [String: [String]] = [:]
        var memberTypes: [String] = []
        for file in files {
            for cases in Self.enumCases(in: file) {
                for name in Set(cases.all) { owners[name, default: 0] += 1 }
                declared.append(cases.plain)
            }
            for (type, names) in Self.staticMembers(in: file) {
                if members[type] == nil { memberTypes.append(type) }
                members[type, default: []].append(contentsOf: names)
            }
        }
        for type in memberTypes {
            let names = members[type]!
            for name in Set(names) { owners[name, default: 0] += 1 }
            declared.append(names)
        }
        for plain in declared where plain.count >= 2 {
            for name in plain where owners[name] == 1 { siblings[name] = plain }
        }
    }

    /// The case that follows `name` in its enum (the first after the last), if `name` is a known,
    /// unambiguous, payload-free case.
    public func neighbour(of name: String) -> String? {
        guard let cases = siblings[name], let index = cases.firstIndex(of: name) else { return nil }
        return cases[(index + 1) % cases.count]
    }

    /// Every enum's cases: all names, and those without associated values.
    private static func enumCases(in file: SourceFile) -> [(all: [String], plain: [String])] {
        let tokens = file.tokens
        var found: [(all: [String], plain: [String])] = []
        for index in tokens.indices where tokens[index].kind == .word && tokens[index].text == "enum" {
            guard let open = tokens[index...].firstIndex(where: { $0.text == "{" && $0.kind == .punctuation }),
                  let close = file.partner[open] else { continue }
            var all: [String] = [], plain: [String] = []
            var position = open + 1
            while position < close {
                let token = tokens[position]
                // Only this enum's own cases: skip nested blocks (methods, nested types).
                if token.kind == .punctuation, token.text == "{", let end = file.partner[position] {
                    position = end + 1
                    continue
                }
                if token.kind == .word, token.text == "case", file.startsStatement(position) {
                    let end = file.statementEnd(from: position)
                    var name = position + 1
                    while name < end {
                        guard tokens[name].kind == .word else { break }
                        all.append(tokens[name].text)
                        var next = name + 1
                        if next < end, tokens[next].text == "(" {
                            next = (file.partner[next] ?? next) + 1
                        } else {
                            plain.append(tokens[name].text)
                        }
                        // `= "raw"` values.
                        while next < end, tokens[next].text != "," { next += 1 }
                        name = next + 1
                    }
                    position = end
                    continue
                }
                position += 1
            }
            found.append((all, plain))
        }
        return found
    }

    /// Each `struct`'s and `extension`'s static members of its own type, at the top of its body.
    private static func staticMembers(in file: SourceFile) -> [(type: String, names: [String])] {
        let tokens = file.tokens
        var found: [(type: String, names: [String])] = []
        for index in tokens.indices.dropLast() where tokens[index].kind == .word
            && (tokens[index].text == "struct" || tokens[index].text == "extension") && tokens[index + 1].kind == .word {
            let type = tokens[index + 1].text
            guard let open = tokens[index...].firstIndex(where: { $0.text == "{" && $0.kind == .punctuation }),
                  let close = file.partner[open] else { continue }
            var names: [String] = []
            var position = open + 1
            while position < close {
                if tokens[position].kind == .punctuation, tokens[position].text == "{", let end = file.partner[position] {
                    position = end + 1
                    continue
                }
                // `static var name: Type` or `static let name: Type`, then `{` or `=`.
                if tokens[position].text == "static", position + 5 < close,
                   ["var", "let"].contains(tokens[position + 1].text), tokens[position + 2].kind == .word,
                   tokens[position + 3].text == ":", tokens[position + 4].text == type,
                   ["{", "="].contains(tokens[position + 5].text) {
                    names.append(tokens[position + 2].text)
                }
                position += 1
            }
            if !names.isEmpty { found.append((type, names)) }
        }
        return found
    }
}
