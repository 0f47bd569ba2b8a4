import Testing
@testable import Mutation

@Suite struct SwiftLexerTests {
    @Test func stringsAndCommentsAreNeverSplitIntoCode() {
        let source = #"""
        let a = "x == y \(b ? "c" : "d") && 1" // if z { 2 }
        /* outer /* nested == */ still comment */ let c = #"raw " == "#
        let d = """
            multi == 3
            """
        """#
        let tokens = SwiftLexer.tokens(of: source)
        let code = tokens.filter { $0.kind != .string }.map(\.text)
        #expect(code == ["let", "a", "=", "let", "c", "=", "let", "d", "="])
        #expect(tokens.filter { $0.kind == .string }.count == 3)
        #expect(tokens.last?.line == 3)
    }

    @Test func operatorsNumbersAndMemberAccessAreTokensOfTheirOwn() {
        let tokens = SwiftLexer.tokens(of: "x?.y >= .seconds(2) && !z..<w")
        #expect(tokens.map(\.text) == ["x", "?", ".", "y", ">=", ".", "seconds", "(", "2", ")", "&&", "!", "z", "..<", "w"])
        let comparison = tokens[4]
        #expect(comparison.kind == .symbol && comparison.spaceBefore && comparison.spaceAfter)
        #expect(tokens[11].spaceBefore && !tokens[11].spaceAfter, "a prefix ! hugs its operand")
    }
}
