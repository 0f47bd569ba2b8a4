/// What an action does for the user, as the oracles read it: an app declares each action's role
/// (`AppRoles`), and no oracle reads meaning into an action's name. An action the app does not
/// declare moves the user on (`forward`).
///
/// ```swift
/// AppRoles(actions: [(UserAction("type-email"), .input(.email)), (UserAction("sign-up"), .submit(.email)),
///                    (UserAction("back"), .back)])
/// ```
public enum ActionRole: Sendable, Hashable {
    /// Moves the user on (Continue, Get started, Verify, Finish): the tap is owed an effect.
    case forward
    /// Types into a field or picks on the screen without moving on (an email, a code): the input
    /// is the user's, and the tap is owed no change of screen.
    case input(UserInput)
    /// Picks one of the options the screen offers (a goal): the option is the user's.
    case choice
    /// Sends what a field holds (Send code sends the email, Sign up the address typed): what the
    /// request carries is judged against what the field showed at this tap.
    case submit(UserInput)
    /// Starts the flow as a new user (`returning: false`: Get started) or as one with an account
    /// already (`true`: Log in): a returning user's start never asks for an account to be created.
    case start(returning: Bool)
    /// One step back where the flow allows it.
    case back
    /// Leaves the flow's progress and starts again (Start over, Use a different email).
    case startOver
    /// Tries again what failed.
    case retry
    /// Asks again for what was sent (Resend code), after the countdown the screen shows.
    case resend
    /// Asks to sign out (the app may ask to confirm).
    case signOut
    /// Confirms a sign-out the user asked for.
    case confirmSignOut
    /// Dismisses a question or a sheet without an answer (Cancel, a sheet's close button).
    case cancel
    /// Declines what the screen asks and moves on (Not now on a permission ask, 000 Pitfall 4):
    /// the app must not ask anyway. Otherwise a tap that moves the user on, like `forward`.
    case decline
    /// Opens something outside the flow (the terms, a help page): the flow owes it no change.
    case link

    /// The same role (and the same input). Written out and inlinable: rules compare roles a few
    /// hundred times a seed, and the derived `==` was a call each time. (Exhaustive over `lhs`:
    /// a new role does not compile until it is compared here too.)
    @inlinable public static func == (lhs: ActionRole, rhs: ActionRole) -> Bool {
        switch lhs {
        case .forward: if case .forward = rhs { return true }
        case .input(let one): if case .input(let other) = rhs { return one == other }
        case .choice: if case .choice = rhs { return true }
        case .submit(let one): if case .submit(let other) = rhs { return one == other }
        case .start(let one): if case .start(let other) = rhs { return one == other }
        case .back: if case .back = rhs { return true }
        case .startOver: if case .startOver = rhs { return true }
        case .retry: if case .retry = rhs { return true }
        case .resend: if case .resend = rhs { return true }
        case .signOut: if case .signOut = rhs { return true }
        case .confirmSignOut: if case .confirmSignOut = rhs { return true }
        case .cancel: if case .cancel = rhs { return true }
        case .decline: if case .decline = rhs { return true }
        case .link: if case .link = rhs { return true }
        }
        return false
    }

    /// Whether the tap only enters or opens something, so the flow owes it no change of screen
    /// (typing, picking, a link).
    public var isEntry: Bool {
        switch self {
        case .input, .choice, .link: true
        default: false
        }
    }

    /// Whether the tap enters something the user typed or picked (not a link).
    public var isInput: Bool {
        switch self {
        case .input, .choice: true
        default: false
        }
    }
}

/// What the user enters: the kinds of input oracles compare with what requests carry and fields show.
public enum UserInput: String, Sendable, Hashable, CaseIterable {
    /// An email address.
    case email
    /// A one-time code the user read from their mail or messages.
    case code
    /// One of the options a screen offered.
    case choice
    /// Any other text (a name, a phone number).
    case text
    /// A password: the free user types their own (`FreeUser.password`), once per visit of a
    /// screen that offers the action.
    case password
}
