import SimKernel
import AppVocabulary

/// What a request sends is what the user entered (DESIGN §10; seed 002 §6: the code is sent to
/// the email the user gave; §8: `confirmSelection()` saves the goal the user selected; §9:
/// `shouldCreateUser: !onboardingStore.isReturningLogin`).
///
/// Judged by the user's own record, never the app's copy: a request for a code carries the email
/// the field showed when the user tapped Send code (a resend too); a verification carries that
/// email and the code the user typed on this visit of the code screen; a saved goal is the one the
/// user last selected; and a user whose last choice on the intro was Log in never asks for an
/// account to be created.
public struct RequestsCarryWhatTheUserEntered: Oracle {
    public let name = "requestsCarryWhatTheUserEntered"
    public let summary = "codes, verifications and goals are sent with the email, code and goal the user entered"

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var record = UserRecord()
        var codes = CodeVisits(run)
        var screens = run.screens.makeIterator()
        var nextScreen = screens.next()
        for event in run.events([.userAction, .requestCarries]) {
            while let screen = nextScreen, screen.index < event.index {
                codes.advance(to: screen)
                nextScreen = screens.next()
            }
            codes.advance(before: event.index)
            switch event.event {
            case .userAction(let action, let detail):
                record.note(action, detail: detail, at: event.index) { run.screen(atIndex: event.index)?.state }
            case .requestCarries(_, let request):
                if let problem = record.problem(with: request, typedCode: codes.typed) {
                    return [violation(problem, request: event, record: record, in: run)]
                }
            default: break
            }
        }
        return []
    }

    private func violation(_ problem: String, request: RunObservation.Event, record: UserRecord,
                           in run: RunObservation) -> Violation {
        Violation(oracle: name, at: request.time,
                  message: "At \(request.time) the app sent \(problem). Send what the user entered, not a copy kept from before "
                    + "(seed 002 §6, §8, §9).",
                  excerpt: run.lines([record.sourceIndex, request.index - 1, request.index].compactMap { $0 }))
    }
}

/// What the user entered and chose, as the trace recorded it when they did.
private struct UserRecord {
    /// The email the field showed at the user's last tap of Send code.
    var sentEmail: String?
    /// The goal the user last selected by name (nil: none, or a tap on whatever was first).
    var selectedGoal: String?
    /// The user's last choice on the intro: true for Log in, false for Get started.
    var choseLogIn: Bool?
    /// Where the value last compared came from, for the excerpt.
    var sourceIndex: Int?
    private var sendTap: Int?
    private var selectTap: Int?

    mutating func note(_ action: UserAction, detail: String, at index: Int, screen: () -> ScreenState?) {
        switch action {
        case .sendCode:
            sentEmail = screen()?.emailField
            sendTap = index
        case .selectGoal:
            let chosen = ValidEmailAccepted.unquote(detail) ?? detail
            selectedGoal = chosen.isEmpty ? nil : chosen
            selectTap = index
        case .logIn: choseLogIn = true
        case .getStarted: choseLogIn = false
        default: break
        }
    }

    /// Why `request` does not carry what the user entered, or nil if it does.
    mutating func problem(with request: BackendRequest, typedCode: String) -> String? {
        switch request {
        case .sendOTP(let email, let create):
            sourceIndex = sendTap
            if let sentEmail, email != sentEmail {
                return "a code request for \"\(email)\" although the user asked for a code for \"\(sentEmail)\""
            }
            if create && choseLogIn == true {
                return "a code request that creates an account (shouldCreateUser true) although the user chose Log in"
            }
        case .verifyOTP(let email, let code):
            sourceIndex = sendTap
            if let sentEmail, email != sentEmail {
                return "a verification for \"\(email)\" although the user's code was sent to \"\(sentEmail)\""
            }
            if code != typedCode || typedCode.isEmpty {
                let typed = typedCode.isEmpty ? "typed no code on this visit of the code screen" : "typed \"\(typedCode)\""
                return "the code \"\(code)\" for verification although the user \(typed)"
            }
        case .selectGoal(_, let option):
            sourceIndex = selectTap
            if let selectedGoal, option != selectedGoal {
                return "the goal \"\(option)\" although the user last selected \"\(selectedGoal)\""
            }
        default: break
        }
        return nil
    }
}
