/// Where `MutantSchema` can switch a mutant: function-like bodies and stored values.
extension MutantSchema {
    /// A place whose text can be switched: a function-like body's statements (between its
    /// braces), or a stored property's initial value.
    struct Region {
        let bytes: Range<Int>
        let isBody: Bool
    }

    /// The function-like bodies and stored values at the level of declarations, in order. Not a
    /// parser: declarations are told apart by their keywords, as `DeclarationSkeleton` tells type
    /// bodies from the rest.
    static func switchableRegions(in file: SourceFile) -> [Region] {
        var regions: [Region] = []
        scanDeclarations(file, from: 0, to: file.tokens.count, into: &regions)
        return regions
    }

    private static let typeKeywords: Set<String> = ["struct", "class", "enum", "actor", "protocol", "extension"]
    private static let declarationKeywords: Set<String> = ["func", "init", "deinit", "subscript", "var", "let", "case",
                                                           "typealias", "associatedtype", "import", "operator", "macro"]
    private static let memberWords: Set<String> = ["func", "var", "let", "subscript", "init", "override", "final",
                                                   "static", "private", "fileprivate", "internal", "public", "open"]
    private static let accessorWords: Set<String> = ["get", "set", "didSet", "willSet", "_read", "_modify", "read", "modify",
                                                     "unsafeAddress", "unsafeMutableAddress", "init"]
    private static let accessorModifiers: Set<String> = ["mutating", "nonmutating", "borrowing", "consuming", "__consuming"]

    private static func scanDeclarations(_ file: SourceFile, from start: Int, to end: Int, into regions: inout [Region]) {
        let tokens = file.tokens
        var keyword: String?
        var declaresType = false
        var assigned = false
        var index = start
        func body(_ open: Int, _ close: Int) { regions.append(Region(bytes: tokens[open].end..<tokens[close].start, isBody: true)) }
        while index < end {
            let token = tokens[index]
            switch token.kind {
            case .word:
                let afterDot = index > 0 && tokens[index - 1].text == "." && tokens[index - 1].kind == .punctuation
                if !afterDot, typeKeywords.contains(token.text), !isClassModifier(tokens, at: index) {
                    declaresType = true
                    keyword = token.text
                    assigned = false
                } else if !afterDot, declarationKeywords.contains(token.text) {
                    declaresType = false
                    keyword = token.text
                    assigned = false
                }
            case .symbol where token.text == "=":
                assigned = true
                if keyword == "let" || keyword == "var", !declaresType, let last = valueEnd(file, after: index, to: end) {
                    regions.append(Region(bytes: tokens[index + 1].start..<tokens[last].end, isBody: false))
                    index = last + 1
                    continue
                }
            case .punctuation where token.text == "(" || token.text == "[":
                index = (file.partner[index] ?? end - 1) + 1
                continue
            case .punctuation where token.text == "{":
                guard let close = file.partner[index], close < end else { return }
                if declaresType {
                    scanDeclarations(file, from: index + 1, to: close, into: &regions)
                } else if keyword == "func" || keyword == "init" || keyword == "deinit" {
                    body(index, close)
                } else if keyword == "var" || keyword == "subscript" {
                    if isAccessorBlock(tokens, from: index + 1, to: close) {
                        scanAccessors(file, from: index + 1, to: close, into: &regions)
                    } else if !assigned {
                        body(index, close)
                    }
                }
                declaresType = false
                keyword = nil
                assigned = false
                index = close + 1
                continue
            default:
                break
            }
            index += 1
        }
    }

    /// The last token of the initial value after the `=` at `equals`, or nil when the value holds
    /// a brace of its own (a closure, or observers after it): such a value is not switched.
    private static func valueEnd(_ file: SourceFile, after equals: Int, to end: Int) -> Int? {
        let tokens = file.tokens
        var index = equals + 1
        var last: Int?
        while index < end {
            let token = tokens[index]
            if let previous = last, token.line > tokens[previous].line, token.text != ".", token.kind != .symbol,
               tokens[previous].kind != .symbol {
                break
            }
            if token.kind == .punctuation {
                switch token.text {
                case "{": return nil
                case ",", ";", ")", "]", "}": return last
                case "(", "[":
                    guard let close = file.partner[index], close < end else { return nil }
                    last = close
                    index = close + 1
                    continue
                default: break
                }
            }
            last = index
            index += 1
        }
        return last
    }

    private static func isClassModifier(_ tokens: [SourceToken], at position: Int) -> Bool {
        guard tokens[position].text == "class", position + 1 < tokens.count else { return false }
        return memberWords.contains(tokens[position + 1].text)
    }

    /// Whether the block `start..<end` (inside a property's or subscript's braces) lists accessors.
    private static func isAccessorBlock(_ tokens: [SourceToken], from start: Int, to end: Int) -> Bool {
        var index = start
        while index < end {
            let token = tokens[index]
            if token.kind == .punctuation, token.text == "@" {
                index += 2
                if index < end, tokens[index].text == "(" { while index < end, tokens[index].text != ")" { index += 1 }; index += 1 }
                continue
            }
            if token.kind == .word, accessorModifiers.contains(token.text) { index += 1; continue }
            guard token.kind == .word, accessorWords.contains(token.text), index + 1 < end else { return false }
            let next = tokens[index + 1].text
            return next == "{" || next == "(" || next == "async" || next == "throws"
        }
        return false
    }

    /// Each accessor's body in an accessor block.
    private static func scanAccessors(_ file: SourceFile, from start: Int, to end: Int, into regions: inout [Region]) {
        var index = start
        while index < end {
            let token = file.tokens[index]
            if token.kind == .punctuation, token.text == "(" || token.text == "[" {
                index = (file.partner[index] ?? end - 1) + 1
                continue
            }
            if token.kind == .punctuation, token.text == "{", let close = file.partner[index], close < end {
                regions.append(Region(bytes: file.tokens[index].end..<file.tokens[close].start, isBody: true))
                index = close + 1
                continue
            }
            index += 1
        }
    }
}
