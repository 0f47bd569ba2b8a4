/// A known bug of an app, put back into its code by a switch.
///
/// Default: every switch off, the fixed app. Each switch sits at the line its fix changes,
/// with a comment quoting the seed, so the app's code documents each fix.
///
/// Every app names its own bugs (`Mutant("trendy-lost-step")`) and lists them, with their
/// summaries and sources, in its plug-in's catalogue (the bundled apps' in `FixPlanCatalogue` and
/// `PickupCatalogue`). Two mutants are the same when their ids are; they sort by their ids, a
/// number in an id by its value (`fix-2` before `fix-10`).
public struct Mutant: VocabularyName, Comparable {
    /// The catalogue id, as scenarios' `guards` and `--mutant` name it (`fix-3`).
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    public init(_ id: String) { rawValue = id; fingerprint = NameFingerprint.of(id) }
    /// Any id makes a mutant; the registry (`AppRegistry.entry(named:)`) says whether a catalogue lists it.
    public init(rawValue: String) { self.init(rawValue) }
    /// For an app's own named mutants: their fingerprints spelled out, so that naming one costs
    /// nothing (the app's test holds each equal to `NameFingerprint.of`).
    package init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }

    /// By id, a run of digits by its value: `fix-2` < `fix-10` < `pit-1`.
    public static func < (lhs: Mutant, rhs: Mutant) -> Bool {
        var left = lhs.rawValue.utf8.makeIterator(), right = rhs.rawValue.utf8.makeIterator()
        var one = left.next(), other = right.next()
        while let a = one, let b = other {
            if Self.isDigit(a) && Self.isDigit(b) {
                var x = 0, y = 0
                while let digit = one, Self.isDigit(digit) { x = x &* 10 &+ Int(digit - 48); one = left.next() }
                while let digit = other, Self.isDigit(digit) { y = y &* 10 &+ Int(digit - 48); other = right.next() }
                if x != y { return x < y }
                continue
            }
            if a != b { return a < b }
            one = left.next()
            other = right.next()
        }
        return one == nil && other != nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    /// One catalogue line: the bug, the app it is in, what the old code did and where the seeds say so.
    public struct Entry: Sendable {
        public let mutant: Mutant
        /// The app the bug is in.
        public let app: AppID
        /// What the old code did, in one line.
        public let summary: String
        /// The seed file and section the bug comes from.
        public let source: String

        public init(_ mutant: Mutant, app: AppID, summary: String, source: String) {
            self.mutant = mutant
            self.app = app
            self.summary = summary
            self.source = source
        }
    }
}

/// The set of mutants switched on for a run; empty is the fixed app.
public struct MutantSet: Sendable, Equatable, CustomStringConvertible {
    /// Sorted, without duplicates, so that its text is canonical.
    public let members: [Mutant]

    public init(_ mutants: [Mutant] = []) {
        members = Array(Set(mutants)).sorted()
    }

    public static let none = MutantSet()

    @inlinable public func contains(_ mutant: Mutant) -> Bool { !members.isEmpty && members.contains(mutant) }

    public var description: String {
        members.isEmpty ? "none" : members.map(\.rawValue).joined(separator: ",")
    }
}
