import Foundation
import Testing
@testable import Mutation

/// The skeleton of a file (`DeclarationSkeleton`) tells a mutant that changes what the app does
/// from one that changes what it declares, which makes the modules above the app rebuild.
@Suite struct DeclarationSkeletonTests {
    static let store = """
        final class Store {
            static let timeout = Duration.seconds(30)
            private var draft: String = ""
            var canSend: Bool { !draft.isEmpty && draft.contains("@") }
            class func make() -> Store { Store() }

            func send(after delay: Int = 5) {
                if draft.isEmpty { return }
                let closure = { (x: Int) in x + 1 }
                publish(closure(delay))
            }
        }
        extension Store {
            enum Phase: String { case intake, auth }
            func publish(_ value: Int) {}
        }
        """

    static func changes(_ find: String, _ replace: String) -> Bool {
        #expect(store.contains(find))
        return DeclarationSkeleton.of(store) != DeclarationSkeleton.of(store.replacingOccurrences(of: find, with: replace))
    }

    @Test func aChangeInsideAFunctionOrAComputedPropertyLeavesTheSkeletonAlone() {
        #expect(!Self.changes("if draft.isEmpty { return }", "if !draft.isEmpty { return }"))
        #expect(!Self.changes("x + 1", "x - 1"))
        #expect(!Self.changes("!draft.isEmpty && draft.contains(\"@\")", "!draft.isEmpty || draft.contains(\"@\")"))
        #expect(!Self.changes("publish(closure(delay))\n", "publish(closure(delay))\n        publish(0)\n"))
    }

    @Test func anInstancePropertysInitialValueIsNotPartOfTheSkeletonButAStaticConstantIs() {
        #expect(!Self.changes("var draft: String = \"\"", "var draft: String = \"x\""))
        #expect(!Self.changes("after delay: Int = 5", "after delay: Int = 6"))
        #expect(Self.changes("Duration.seconds(30)", "Duration.seconds(31)"))
        let global = "let limit = 3\nfunc f() { let local = 4 }\n"
        #expect(DeclarationSkeleton.of(global) != DeclarationSkeleton.of(global.replacingOccurrences(of: "= 3", with: "= 5")))
        #expect(DeclarationSkeleton.of(global) == DeclarationSkeleton.of(global.replacingOccurrences(of: "= 4", with: "= 5")))
    }

    @Test func aNewStoredPropertyOrHelperChangesTheSkeleton() {
        #expect(Self.changes("    private var draft: String = \"\"\n",
                             "    private var draft: String = \"\"\n    var lastTap: Int? = nil\n"))
        #expect(Self.changes("    func publish(_ value: Int) {}\n",
                             "    func publish(_ value: Int) {}\n    private func helper() {}\n"))
        #expect(Self.changes("case intake, auth", "case intake, auth, done"))
        #expect(Self.changes("func send(after delay: Int = 5)", "func send(after delay: Int = 5, twice: Bool = false)"))
    }

    @Test func theBundledHandWrittenBugsThatAddStateAreTheOnesBuiltLast() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/hand-written-bugs.json"), encoding: .utf8)
        let bugs = try HandWrittenBug.parse(text, path: "docs/hand-written-bugs.json")
        func declares(_ name: String) throws -> Bool {
            let bug = try #require(bugs.first { $0.name == name })
            let source = try String(contentsOf: root.appendingPathComponent(bug.file), encoding: .utf8)
            return try bug.mutant(of: SourceFile(path: bug.file, text: source), path: "bugs").changesDeclarations(of: source)
        }
        #expect(try declares("taps-debounced-for-a-second"))  // a stored property
        #expect(try declares("apple-sheet-given-one-second"))  // a helper
        #expect(try !declares("get-started-on-page-two"))  // a constant
        #expect(try !declares("email-field-debounced"))  // a body
    }
}
