import SimKernel
import AppVocabulary

/// What a request sends is what the user entered (DESIGN §10; seed 002 §6: the code is sent to
/// the email the user gave; §8: `confirmSelection()` saves the goal the user selected; §9:
/// `shouldCreateUser: !onboardingStore.isReturningLogin`).
///
/// Judged by the user's own record, never the app's copy, for every app through the roles it
/// declares: a request that carries an email (`CarriedValue`) carries the one the field showed
/// when the user last tapped to send it (`ActionRole.submit(.email)`: Send code, Sign up; a resend
/// too); a code is the one the user typed on this visit of the code screen, and one the app
/// sends by itself (no tap of the user's in that instant: a retry when the connection returns)
/// the one they last asked to send (at their Verify, `.submit(.code)`), not what they typed
/// since; a choice is the option the user last picked (`ActionRole.choice`) among the options
/// that offered it (a questionnaire's each question its own); other text is
/// what the user last typed of that kind; and a user whose last start was a returning user's
/// (`ActionRole.start(returning: true)`: Log in) never asks for an account to be created.
public struct RequestsCarryWhatTheUserEntered: Oracle {
    public let name = "requestsCarryWhatTheUserEntered"
    public let summary = "requests carry the email, code and choice the user entered; a Log in never creates an account"
    /// A promise of any app whose requests carry the user's input (`RequestRole.carries`).
    public var isShared: Bool { true }

    public init() {}

    public func check(_ run: RunObservation, settings: OracleSettings) -> [Violation] {
        var record = UserRecord(roles: run.roles)
        var codes = CodeVisits(run)
        var screens = run.screens.makeIterator()
        var nextScreen = screens.next()
        var codeBefore: (time: SimulationInstant, code: String)?
        // When the user last acted: a request sent in another instant is the app's own doing (a
        // retry when the connection returns, a send that waited for it).
        var lastAction: SimulationInstant?
        let view = run.events([.userAction, .requestCarries])
        for event in view.places {
            while let screen = nextScreen, screen.index < event.index {
                codes.advance(to: screen)
                nextScreen = screens.next()
            }
            codes.advance(before: event.index)
            switch view[event] {
            case .userAction(_, let detail):
                // The tap's role as observed, and the screen looked up only for a tap that reads it
                // (a closure over the observation copied it for every tap: a quarter of this rule).
                let role = run.role(ofTapAt: event)
                let screen = UserRecord.readsTheScreen(role) ? run.screen(atIndex: event.index)?.state : nil
                record.note(role, detail: detail, at: event.index, screen: screen)
                lastAction = event.time
                if role == .input(.code) { codeBefore = (event.time, codes.typed) }
            case .requestCarries(_, let request):
                // A code typed in the very instant the app sent its request (the app acted on
                // something else, the connection's return, before the keystroke reached it): the
                // code the field held before that keystroke is the user's too.
                let overwritten = codeBefore.flatMap { $0.time == event.time ? $0.code : nil }
                // A request the app sent by itself carries the code the user last asked to send,
                // not what they have typed since (a retry that picks up a code half changed).
                let byItself = lastAction != event.time
                // A user whose account came from before the run has answers the app may send
                // again without a pick in this run (a question answered on another install): the
                // observation is handed over, not captured (a closure over it copied it each time).
                if let problem = record.problem(with: request, typedCode: codes.typed, orJustBefore: overwritten,
                                                asked: byItself ? codes.asked : nil, in: run, atIndex: event.index) {
                    return [violation(problem, request: view.recorded(event), record: record, in: run)]
                }
                if !byItself, let code = request.carried.first(where: { $0.input == .code })?.value { codes.asked(code) }
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
    let roles: AppRoles
    /// The email the field showed at the user's last tap that sends it.
    var sentEmail: String?
    /// What the user last typed as other text (`.input(.text)`).
    var typedText: String?
    /// The password the user last typed (`.input(.password)`).
    var typedPassword: String?
    private var passwordTap: Int?
    /// The option the user last picked by name (nil: none, or a tap on whatever was first).
    var chosen: String?
    /// The user's last start: true for a returning user's (Log in), false for a new user's.
    var startedReturning: Bool?
    /// Where the value last compared came from, for the excerpt.
    var sourceIndex: Int?
    private var sendTap: Int?
    private var chooseTap: Int?
    /// The user's last pick on each list of options they picked from: a questionnaire's requests
    /// each carry the answer to their own question, judged against the pick among its options.
    private var picks: [(options: [String], picked: String?, index: Int)] = []
    private var typeTap: Int?

    init(roles: AppRoles) { self.roles = roles }

    /// Whether a tap of `role` reads the screen it was made on (the field sent, the options offered).
    static func readsTheScreen(_ role: ActionRole) -> Bool {
        switch role {
        case .submit(.email), .choice: true
        default: false
        }
    }

    /// Takes in a tap of `role` made on `screen` (given for the roles that read it).
    mutating func note(_ role: ActionRole, detail: String, at index: Int, screen: ScreenState?) {
        switch role {
        case .submit(.email):
            sentEmail = screen?.emailField
            sendTap = index
        case .input(.text):
            typedText = ValidEmailAccepted.unquote(detail) ?? detail
            typeTap = index
        case .input(.password):
            typedPassword = ValidEmailAccepted.unquote(detail) ?? detail
            passwordTap = index
        case .choice:
            let picked = ValidEmailAccepted.unquote(detail) ?? detail
            chosen = picked.isEmpty ? nil : picked
            chooseTap = index
            // Each question's last pick, by the options its screen listed (one per list).
            let options = screen?.choices ?? []
            picks.removeAll { $0.options == options }
            picks.append((options, chosen, index))
        case .start(let returning): startedReturning = returning
        default: break
        }
    }

    /// Why `request` (at trace index `index` of `run`) does not carry what the user entered, or nil if it does.
    mutating func problem(with request: BackendRequest, typedCode: String, orJustBefore overwritten: String? = nil,
                          asked: String? = nil, in run: RunObservation, atIndex index: Int) -> String? {
        let purpose = roles.role(of: request.endpoint).purpose
        for carried in request.carried {
            switch carried.input {
            case .email:
                sourceIndex = sendTap
                guard let sentEmail, carried.value != sentEmail else { continue }
                return switch purpose {
                case .sendsCode: "a code request for \"\(carried.value)\" although the user asked for a code for \"\(sentEmail)\""
                case .signsIn: "a sign-in for \"\(carried.value)\" although the user entered \"\(sentEmail)\""
                default: "\(request.endpoint) with the email \"\(carried.value)\" although the user entered \"\(sentEmail)\""
                }
            case .code:
                sourceIndex = sendTap
                if let asked {
                    guard carried.value != asked else { continue }
                    return "by itself the code \"\(carried.value)\" for verification although the user last asked to verify "
                        + "\"\(asked)\" (what they typed since was never sent by them)"
                }
                guard carried.value != typedCode || typedCode.isEmpty, carried.value != overwritten || overwritten == "" else { continue }
                let typed = typedCode.isEmpty ? "typed no code on this visit of the code screen" : "typed \"\(typedCode)\""
                return "the code \"\(carried.value)\" for verification although the user \(typed)"
            case .choice:
                // The question it answers: the last list the user picked from that offers the value.
                if let question = picks.last(where: { $0.options.contains(carried.value) }) {
                    sourceIndex = question.index
                    guard let picked = question.picked, carried.value != picked else { continue }
                    return "the choice \"\(carried.value)\" although the user last selected \"\(picked)\" among its options"
                }
                sourceIndex = chooseTap
                // An answer to a question the user did not pick on in this run: theirs from before.
                guard let chosen, carried.value != chosen,
                      !(run.signedInUser(atIndex: index).map { ChoiceIsTheUsers.answeredBefore($0, beforeIndex: index, in: run) } ?? false)
                else { continue }
                return "the choice \"\(carried.value)\" although the user last selected \"\(chosen)\""
            case .text:
                sourceIndex = typeTap
                guard let typedText, carried.value != typedText else { continue }
                return "\(request.endpoint) with \"\(carried.value)\" although the user typed \"\(typedText)\""
            case .password:
                sourceIndex = passwordTap
                guard let typedPassword, carried.value != typedPassword else { continue }
                return "\(request.endpoint) with a password other than the one the user typed"
            }
        }
        if request.createsAccount == true && startedReturning == true {
            sourceIndex = sendTap
            return "a code request that creates an account (shouldCreateUser true) although the user chose Log in"
        }
        return nil
    }
}
