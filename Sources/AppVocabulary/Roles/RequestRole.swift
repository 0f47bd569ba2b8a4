/// What a request is to the user, as the oracles read it: what caused it, what it is for, what of
/// the user's input it carries, and which answers are failures. An app declares each endpoint's
/// role (`AppRoles`); no oracle reads meaning into an endpoint's name. An endpoint the app does
/// not declare is a request a tap caused, for nothing in particular, carrying nothing judged,
/// whose HTTP statuses of 400 and above are failures.
///
/// ```swift
/// RequestRole(purpose: .signsIn, carries: [CarriedInput(.email, key: "email")])
/// RequestRole(cause: .background)   // analytics, a step sync, a token refresh
/// ```
public struct RequestRole: Sendable, Equatable {
    /// What sent the request.
    public enum Cause: Sendable, Equatable {
        /// A tap: the user waits for its answer, and tapping twice must not send it twice.
        case tap
        /// The app on its own, as part of the flow the user waits on (the check after a sign-in,
        /// the first load of a screen).
        case app
        /// The app in the background: the user does not wait for it (analytics, a step sync, a
        /// push token, a token refresh), so no spinner is its and no duplicate is a double submit.
        case background
    }

    /// What the request is for, where an oracle judges that purpose.
    public enum Purpose: Sendable, Equatable {
        /// Nothing an oracle judges beyond its cause and answer.
        case other
        /// Sends a one-time code to the user (email OTP, SMS): its answer starts the resend countdown.
        case sendsCode
        /// Signs the user in (verifies a code, exchanges a credential): its success is a session.
        case signsIn
        /// Asks the backend where the user is in the flow (the journey): its answer routes the user.
        case journey
        /// Refreshes the session's token.
        case refreshesSession
        /// Logs an analytics event.
        case analytics
        /// Loads what the main screen shows: the user's own content (004: the pickups listed on
        /// `MainTabView`). An app that declares one promises that its main screen shows that
        /// content, a spinner while it loads, or an error (`mainShowsItsContent`), and shows it
        /// as the signed-in user's (`ScreenState.contentOwner`).
        case loadsContent
    }

    public var cause: Cause
    public var purpose: Purpose
    /// For an app's own requests (`AppRequest`): where in the JSON body each input the user
    /// entered is carried, so the trace records it and oracles compare it with what the user
    /// entered. The bundled apps' requests say what they carry in their own cases.
    public var carries: [CarriedInput]
    /// The lowest HTTP status that is a failure in an app's own reply (`AppReply`): 400 unless
    /// the app says an error status is a normal answer here (a 404 for "no profile yet").
    public var failureStatus: Int
    /// How long after a failure the app promises to send the request again on its own (002 §2:
    /// goal generation's "single automatic retry with 2s delay"), if it does: the spinner may
    /// stand through that pause. Nil: no retry of its own.
    public var retryPause: Duration?
    /// For a request that sends a code (`Purpose.sendsCode`): how long after its successful
    /// answer the app promises Resend (002 §5: `resendCountdown = 30`, one tick a second), if it
    /// shows a resend countdown. Nil: no countdown promised, and the countdown rules do not judge it.
    public var resendAfter: Duration?
    /// For a request that refreshes the session (`Purpose.refreshesSession`): whether the app
    /// promises to send it whenever the main screen appears with a session from before this
    /// launch, or as soon as it is online (004: "Token refresh triggered on MainTabView appear":
    /// `Task { await authManager.refreshTokenIfNeeded() }`), as `mainAppearanceRefreshesToken`
    /// judges. False: the app refreshes when it needs to (after a 401, say), as it chooses.
    public var sentWhenMainAppears: Bool
    /// For a sign-in (`Purpose.signsIn`) that exchanges a credential a system sheet gave: which.
    /// `.appleID`: the identity token of Sign in with Apple (`AppEnvironment.appleIDCredential()`),
    /// which `MockAuth` then answers at this endpoint, and whose sheet scenarios and the swarm
    /// may cancel or fail (`appleSheetCancelled`, `appleSheetFails`). Nil: no system sheet.
    public var credential: Credential?
    /// How long the app waits at least, after a failed answer, before it sends the request again
    /// by itself (003: the sync queue's "Retry behavior on backend push failure", an exponential
    /// backoff from 1 s): a retry sooner, with nothing the user did, no launch and no connection
    /// come back in between, hammers a backend that is struggling (`retriesBackOff`). Judged per
    /// endpoint: declare it on requests the app sends one at a time (a serial queue's), where the
    /// next one after a failure is its retry. Nil: not judged.
    public var backoff: Duration?

    /// A credential a system sheet gives the app, for a sign-in to exchange.
    public enum Credential: Sendable, Equatable {
        /// Sign in with Apple's identity token (004: "Sign in with Apple only").
        case appleID
    }

    public init(cause: Cause = .tap, purpose: Purpose = .other, carries: [CarriedInput] = [], failureStatus: Int = 400,
                retryPause: Duration? = nil, resendAfter: Duration? = nil, sentWhenMainAppears: Bool = false,
                credential: Credential? = nil, backoff: Duration? = nil) {
        self.cause = cause
        self.purpose = purpose
        self.carries = carries
        self.failureStatus = failureStatus
        self.retryPause = retryPause
        self.resendAfter = resendAfter
        self.sentWhenMainAppears = sentWhenMainAppears
        self.credential = credential
        self.backoff = backoff
    }

    /// Whether no user waits for the request (`cause == .background`).
    @inlinable public var isBackground: Bool { cause == .background }
}

/// One input a request carries: its kind and where it sits in the JSON body (a key, or a path of
/// keys joined by dots: `user.email`).
public struct CarriedInput: Sendable, Equatable {
    public var input: UserInput
    public var key: String

    public init(_ input: UserInput, key: String) {
        self.input = input
        self.key = key
    }
}

/// One input a request carried, as the trace records it: its kind and the value sent.
public struct CarriedValue: Sendable, Equatable {
    public var input: UserInput
    public var value: String

    public init(_ input: UserInput, _ value: String) {
        self.input = input
        self.value = value
    }
}
