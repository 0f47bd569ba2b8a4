import SimKernel

/// What the user sees at one instant: the route and everything on it an oracle may judge.
///
/// Oracles read this (through the trace), never the actors' internals.
///
/// A value with copy-on-write storage: every screen change is kept in the trace and scanned by
/// many oracles, so a copy costs one reference count, not a dozen.
public struct ScreenState: Sendable, Equatable {
    // Internal and usable from inlinable code: the getters below are inlinable, so an oracle
    // reading a screen's route reads a field, not a call into this module.
    @usableFromInline package struct Fields: Equatable {
        @usableFromInline var route: Route?
        @usableFromInline package var loadingScreen: String?
        @usableFromInline package var spinner: String?
        @usableFromInline package var errorText: String?
        @usableFromInline package var actions: [UserAction] = []
        @usableFromInline package var emailField: String = ""
        @usableFromInline package var codeField: String = ""
        @usableFromInline package var countdown: Int?
        @usableFromInline package var motionEffects: [String] = []
        @usableFromInline package var choices: [String] = []
        @usableFromInline package var resumeGate: Bool = false
        @usableFromInline package var workoutCard: String?
        @usableFromInline package var offlineBanner: Bool = false
        @usableFromInline package var foreground: Bool = true
        @usableFromInline var alert: String?
        @usableFromInline var contentOwner: String?
        @usableFromInline var systemSheet: String?
        @usableFromInline var page: Int?
    }

    @usableFromInline package final class Storage: @unchecked Sendable {
        // Mutated only while uniquely referenced (`mutableFields`): copy-on-write.
        @exclusivity(unchecked) @usableFromInline var fields: Fields
        init(_ fields: Fields) { self.fields = fields }

        /// Field by field, in place: comparing `fields` as values would copy both first (every
        /// screen refresh compares the new state with the shown one). Debug builds check it
        /// against `Fields`' own `==`, so a field added there and not here stops the tests.
        func hasSameFields(as other: Storage) -> Bool {
            let same = comparedInPlace(with: other)
            assert(same == (fields == other.fields), "hasSameFields misses a field of ScreenState.Fields")
            return same
        }

        /// `hasSameFields(as:)` with the countdown and the actions left out (a countdown tick's
        /// refresh), still in place: a tick's screens were copied field by field to be compared.
        func hasSameFieldsApartFromCountdownAndActions(as other: Storage) -> Bool {
            let same = comparedInPlace(with: other, countdownAndActions: false)
            assert(same == {
                var mine = fields, theirs = other.fields
                (mine.countdown, theirs.countdown, mine.actions, theirs.actions) = (nil, nil, [], [])
                return mine == theirs
            }(), "hasSameFieldsApartFromCountdownAndActions misses a field of ScreenState.Fields")
            return same
        }

        private func comparedInPlace(with other: Storage, countdownAndActions: Bool = true) -> Bool {
            fields.route == other.fields.route && fields.loadingScreen == other.fields.loadingScreen
                && fields.spinner == other.fields.spinner && fields.errorText == other.fields.errorText
                && (!countdownAndActions || fields.actions == other.fields.actions) && fields.emailField == other.fields.emailField
                && fields.codeField == other.fields.codeField
                && (!countdownAndActions || fields.countdown == other.fields.countdown) && fields.motionEffects == other.fields.motionEffects
                && fields.choices == other.fields.choices && fields.resumeGate == other.fields.resumeGate && fields.workoutCard == other.fields.workoutCard
                && fields.offlineBanner == other.fields.offlineBanner && fields.foreground == other.fields.foreground
                && fields.alert == other.fields.alert && fields.contentOwner == other.fields.contentOwner
                && fields.systemSheet == other.fields.systemSheet && fields.page == other.fields.page
        }
    }

    @usableFromInline package var storage: Storage

    private var mutableFields: Fields {
        _read { yield storage.fields }
        _modify {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            yield &storage.fields
        }
    }

    /// The root route; `nil` while the app is not running (never launched, or killed).
    public var route: Route? {
        @inlinable get { storage.fields.route }
        set { mutableFields.route = newValue }
    }

    /// A full-screen loading view (`launch-screen`, `main-loading`, …), if one covers the route.
    public var loadingScreen: String? {
        @inlinable get { storage.fields.loadingScreen }
        set { mutableFields.loadingScreen = newValue }
    }

    /// An inline activity indicator (a spinning button, options loading), if any.
    public var spinner: String? {
        @inlinable get { storage.fields.spinner }
        set { mutableFields.spinner = newValue }
    }

    /// An error message on screen, if any.
    public var errorText: String? {
        @inlinable get { storage.fields.errorText }
        set { mutableFields.errorText = newValue }
    }

    /// The actions the user can take now, in a fixed order.
    public var actions: [UserAction] {
        @inlinable get { storage.fields.actions }
        set { mutableFields.actions = newValue }
    }

    /// Contents of the email field on the auth screen.
    public var emailField: String {
        @inlinable get { storage.fields.emailField }
        set { mutableFields.emailField = newValue }
    }

    /// Contents of the code field on the code screen: what `fieldsShowWhatWasTyped` holds to
    /// what the user typed there on this visit.
    public var codeField: String {
        @inlinable get { storage.fields.codeField }
        set { mutableFields.codeField = newValue }
    }

    /// The OTP resend countdown, while it shows.
    public var countdown: Int? {
        @inlinable get { storage.fields.countdown }
        set { mutableFields.countdown = newValue }
    }

    /// Motion effects playing (`confetti`).
    public var motionEffects: [String] {
        @inlinable get { storage.fields.motionEffects }
        set { mutableFields.motionEffects = newValue }
    }

    /// What the screen lists for the user to pick from (goal review's goals), in its order: what
    /// a select action's input names. Empty when the screen offers no such list.
    public var choices: [String] {
        @inlinable get { storage.fields.choices }
        set { mutableFields.choices = newValue }
    }

    /// The "welcome back, resume where you left off" gate.
    public var resumeGate: Bool {
        @inlinable get { storage.fields.resumeGate }
        set { mutableFields.resumeGate = newValue }
    }

    /// The first-workout card on the success screen.
    public var workoutCard: String? {
        @inlinable get { storage.fields.workoutCard }
        set { mutableFields.workoutCard = newValue }
    }

    /// The offline banner of seed 004.
    public var offlineBanner: Bool {
        @inlinable get { storage.fields.offlineBanner }
        set { mutableFields.offlineBanner = newValue }
    }

    /// True while the app is in the foreground.
    public var foreground: Bool {
        @inlinable get { storage.fields.foreground }
        set { mutableFields.foreground = newValue }
    }

    /// A modal alert over the route (seed 004's sign-out confirmation), if one is up.
    public var alert: String? {
        @inlinable get { storage.fields.alert }
        set { mutableFields.alert = newValue }
    }

    /// The user whose data the screen shows (a list of their pickups), if it shows any: what
    /// `ownDataOnly` holds to the signed-in user.
    public var contentOwner: String? {
        @inlinable get { storage.fields.contentOwner }
        set { mutableFields.contentOwner = newValue }
    }

    /// A system sheet over the app, if one is up: the Apple sign-in sheet, a permission prompt.
    /// The system's, not the app's: it comes up in answer to the user's tap on the screen under
    /// it (`promptFollowsItsTap`), and while it is up the app beneath takes no taps.
    public var systemSheet: String? {
        @inlinable get { storage.fields.systemSheet }
        set { mutableFields.systemSheet = newValue }
    }

    /// The page a pager shows (a `TabView` with `.page` style: 1, 2, 3), on a route of its own:
    /// a page turn is a change the user sees without a route per page. Nil: no pager.
    public var page: Int? {
        @inlinable get { storage.fields.page }
        set { mutableFields.page = newValue }
    }

    public init(route: Route? = nil) { storage = Storage(Fields(route: route)) }

    /// A state built field by field in its own storage: one allocation, no uniqueness checks,
    /// no copy of the fields.
    package init(route: Route?, building build: (inout Fields) -> Void) {
        storage = Storage(Fields(route: route))
        build(&storage.fields)
    }

    /// Whether `other` shows the same as this screen apart from the resend countdown and the
    /// actions (a countdown tick's refresh), without copying either screen's storage.
    public func sameApartFromCountdownAndActions(as other: ScreenState) -> Bool {
        storage === other.storage || storage.hasSameFieldsApartFromCountdownAndActions(as: other.storage)
    }

    public static func == (lhs: ScreenState, rhs: ScreenState) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.hasSameFields(as: rhs.storage)
    }

    public static let notRunning = ScreenState(route: nil)

    /// One stable line for the trace.
    public var canonicalText: String { CanonicalText.build { writeCanonical(to: &$0) } }

    /// Writes `canonicalText` piece by piece: it is hashed for every screen change.
    public func writeCanonical(to out: inout some CanonicalWriter) {
        out.write(literal: "route=")
        if let route { route.writeCanonical(to: &out) } else { out.write(literal: "none") }
        if let loadingScreen { out.write(literal: " loading="); out.write(loadingScreen) }
        if let spinner { out.write(literal: " spinner="); out.write(spinner) }
        if let errorText { out.write(literal: " error=\""); out.write(errorText); out.write(literal: "\"") }
        out.write(literal: " actions=[")
        for (position, action) in actions.enumerated() {
            if position > 0 { out.write(byte: UInt8(ascii: ",")) }
            out.write(action.rawValue)
        }
        out.write(literal: "]")
        if !emailField.isEmpty { out.write(literal: " email=\""); out.write(emailField); out.write(literal: "\"") }
        if !codeField.isEmpty { out.write(literal: " code=\""); out.write(codeField); out.write(literal: "\"") }
        if let countdown { out.write(literal: " countdown="); out.write(countdown) }
        if !motionEffects.isEmpty {
            out.write(literal: " motion=[")
            for (position, effect) in motionEffects.enumerated() {
                if position > 0 { out.write(byte: UInt8(ascii: ",")) }
                out.write(effect)
            }
            out.write(literal: "]")
        }
        if !choices.isEmpty {
            out.write(literal: " choices=[")
            for (position, choice) in choices.enumerated() {
                if position > 0 { out.write(byte: UInt8(ascii: ",")) }
                out.write(literal: "\""); out.write(choice); out.write(literal: "\"")
            }
            out.write(literal: "]")
        }
        if resumeGate { out.write(literal: " resume-gate") }
        if let workoutCard { out.write(literal: " card=\""); out.write(workoutCard); out.write(literal: "\"") }
        if offlineBanner { out.write(literal: " offline-banner") }
        if !foreground { out.write(literal: " background") }
        if let alert { out.write(literal: " alert=\""); out.write(alert); out.write(literal: "\"") }
        if let contentOwner { out.write(literal: " data-of="); out.write(contentOwner) }
        if let systemSheet { out.write(literal: " system-sheet=\""); out.write(systemSheet); out.write(literal: "\"") }
        if let page { out.write(literal: " page="); out.write(page) }
    }
}
