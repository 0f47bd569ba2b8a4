import SimKernel
import AppVocabulary

/// The backend: accounts, OTP sign-in, journey state, goal generation, program activation,
/// push tokens, per-step onboarding progress and analytics.
///
/// Every handler is idempotent where a retry could repeat it, and progress never moves
/// backward (seed 000 Pitfall 6: "Backend should accept duplicate completion calls gracefully").
/// An address names the same account however it is capitalised, as Supabase Auth (seed 001's
/// backend) treats addresses: a keyboard that capitalised "Ada@example.com" signs in to Ada's.
public actor MockBackend: SimulatedServer {
    struct Account {
        let userID: String
        let email: String
        var journey: Journey
        var progress: OnboardingPhase?
        var pushToken: String?
        /// Signed in at least once: false for an account a sign-up just created.
        var verified = true
    }

    let simulation: Simulation
    let configuration: BackendConfiguration
    @exclusivity(unchecked) private var accountsByEmail: SmallMap<Account> = [:]
    @exclusivity(unchecked) private var emailsByUser: SmallMap<String> = [:]
    @exclusivity(unchecked) private var inbox: SmallMap<String> = [:]  // latest OTP per email
    @exclusivity(unchecked) private var pendingCreateFlags: SmallMap<Bool> = [:]  // shouldCreateUser of the open challenge, per email
    @exclusivity(unchecked) private var random: SeededRandom
    @exclusivity(unchecked) private var usersCreated = 0
    /// Users whose sessions the backend refuses (seed 003's account loss): true if deleted.
    @exclusivity(unchecked) private var lostUsers: SmallMap<Bool> = [:]
    /// Emails whose account was lost during the run: a sign-in for them that the backend rejects
    /// (a log-in for a deleted account, a strict conflict with a challenge opened before the app
    /// was signed out) is the fault's doing, and marked so.
    @exclusivity(unchecked) private var lostEmails: [String] = []
    /// The analytics events taken, by the id the app gave each.
    @exclusivity(unchecked) private var eventIDs: [String] = []

    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        simulation.executor.asUnownedSerialExecutor()
    }

    init(simulation: Simulation, configuration: BackendConfiguration) {
        self.simulation = simulation
        self.configuration = configuration
        self.random = simulation.randomStream("backend")
        for account in configuration.accounts {
            usersCreated += 1
            let userID = "u\(usersCreated)"
            let email = Self.key(account.email)
            accountsByEmail[email] = Account(userID: userID, email: email, journey: account.journey)
            emailsByUser[userID] = email
        }
    }

    // MARK: Queries for tests, the user policy and oracles (not endpoints).

    /// Records the accounts the run starts with, so oracles know every journey from the start.
    public func recordSeededAccounts() {
        for email in configuration.accounts.map({ Self.key($0.email) }) {
            guard let account = accountsByEmail[email] else { continue }
            simulation.record(ModelEvent.accountSeeded(user: account.userID, email: email, journey: account.journey.record))
        }
    }

    /// The latest code sent to `email`: what the user reads in their mail.
    public func latestCode(for email: String) -> String? { inbox[Self.key(email)] }

    public func journey(ofEmail email: String) -> Journey? { accountsByEmail.read(Self.key(email)) { $0.journey } }

    public func userID(ofEmail email: String) -> String? { accountsByEmail.read(Self.key(email)) { $0.userID } }

    public func progress(ofEmail email: String) -> OnboardingPhase? { accountsByEmail.read(Self.key(email)) { $0.progress } ?? nil }

    public func hasPushToken(email: String) -> Bool { accountsByEmail.read(Self.key(email)) { $0.pushToken != nil } ?? false }

    /// The account an address names: its letters in lower case.
    static func key(_ email: String) -> String { CaseFolding.folded(email) }

    // MARK: The endpoints.

    /// Takes `request` in. Most requests are answered at once; goal generation works first.
    public func receive(_ request: BackendRequest, id: Int) -> ServerReception {
        let result: Result<FixPlanReply, RequestError>
        if let user = request.sessionUser, let deleted = lostUsers[user] {
            return .answered(answered(request, id: id, refusedSession(of: user, id: id, endpoint: request.endpoint, deleted: deleted)))
        }
        guard let typed = request.typed(as: FixPlanRequest.self) else {
            return .answered(answered(request, id: id, .failure(.status(404, "Not an endpoint of this app"))))
        }
        switch typed {
        case .sendOTP(let email, let shouldCreateUser):
            result = sendOTP(email: Self.key(email), shouldCreateUser: shouldCreateUser, id: id)
        case .verifyOTP(let email, let code): result = verifyOTP(email: Self.key(email), code: code)
        case .journey(let user): result = withAccount(user) { .success(.journey($0.journey)) }
        case .generateGoals(let user):
            // Goal generation is slow server-side work; the client may time out meanwhile.
            if emailsByUser[user] != nil {
                return .working(configuration.goalGenerationTime, label: "goal generation for \(user)")
            }
            result = .failure(.status(404, "No such user"))
        case .selectGoal(let user, let option): result = selectGoal(user: user, option: option)
        case .approveProgram(let user): result = advanceProgram(user: user, from: .draft, to: .approved)
        case .activateProgram(let user): result = advanceProgram(user: user, from: .approved, to: .active)
        case .program(let user): result = withAccount(user) { .success(.program($0.journey.programStatus)) }
        case .registerPush(let user, let token): result = registerPush(user: user, token: token)
        case .pushProgress(let user, let phase): result = pushProgress(user: user, phase: phase)
        case .analytics(let user, let event, let eventID): result = recordAnalytics(user: user, event: event, id: eventID)
        case .refreshSession(let user): result = withAccount(user) { _ in .success(.accepted) }
        }
        return .answered(answered(request, id: id, result))
    }

    /// The answer to a request whose work (`ServerReception.working`) is done.
    public func finish(_ request: BackendRequest, id: Int) -> Result<BackendResponse, RequestError> {
        precondition(request.endpoint == .generateGoals, "only goal generation works before it answers")
        return answered(request, id: id, .success(.goalOptions(["Run a 5k", "Build strength", "Sleep better"])))
    }

    private func answered(_ request: BackendRequest, id: Int, _ result: Result<FixPlanReply, RequestError>)
        -> Result<BackendResponse, RequestError>
    {
        let response = result.response
        simulation.record(ModelEvent.backendHandled(id: id, endpoint: request.endpoint, outcome: RequestError.describe(response)))
        return response
    }

    private func sendOTP(email: String, shouldCreateUser: Bool, id: Int) -> Result<FixPlanReply, RequestError> {
        let exists = accountsByEmail.contains(email)
        // Strict: a resend must ask the same as the sign-in it resends (002 §9: "may conflict with
        // the original shouldCreateUser: false call").
        if configuration.strictCreateUser, let original = pendingCreateFlags[email], original != shouldCreateUser {
            markAccountLoss(of: email, id: id)
            return .failure(.status(422, "shouldCreateUser \(shouldCreateUser) conflicts with the pending sign-in"))
        }
        if !shouldCreateUser && !exists {
            markAccountLoss(of: email, id: id)
            return .failure(.status(422, "Signups not allowed for otp"))
        }
        if !exists {
            createAccount(email: email, journey: .fresh)
            let user = accountsByEmail.read(email) { $0.userID }!
            simulation.record(ModelEvent.accountSeeded(user: user, email: email, journey: Journey.fresh.record))
        }
        let code = String(100_000 + random.nextInt(in: 0...899_999))
        inbox[email] = code
        pendingCreateFlags[email] = shouldCreateUser
        return .success(.accepted)
    }

    private func verifyOTP(email: String, code: String) -> Result<FixPlanReply, RequestError> {
        guard accountsByEmail.contains(email), inbox[email] == code,
              let (userID, newAccount) = accountsByEmail.modify(email, { account in
                  defer { account.verified = true }
                  return (account.userID, !account.verified)
              })
        else {
            return .failure(.status(401, "Invalid or expired code"))
        }
        pendingCreateFlags[email] = nil
        // A new sign-in after a revoked session gets a session that works.
        lostUsers[userID] = nil
        simulation.record(ModelEvent.sessionIssued(user: userID))
        return .success(.session(userID: userID, newAccount: newAccount))
    }

    private func selectGoal(user: String, option: String) -> Result<FixPlanReply, RequestError> {
        update(user) { account in
            account.journey.goalsComplete = true
            if account.journey.programStatus < .draft { account.journey.programStatus = .draft }
            return .success(.contract(id: "contract-\(user)"))
        }
    }

    private func advanceProgram(user: String, from required: ProgramStatus, to target: ProgramStatus)
        -> Result<FixPlanReply, RequestError>
    {
        update(user) { account in
            let status = account.journey.programStatus
            if status >= target { return .success(.program(status)) }  // idempotent
            guard status >= required else { return .failure(.status(409, "Program is \(status.rawValue)")) }
            account.journey.programStatus = target
            return .success(.program(target))
        }
    }

    private func registerPush(user: String, token: String) -> Result<FixPlanReply, RequestError> {
        update(user) { account in
            account.pushToken = token
            simulation.record(ModelEvent.pushTokenRegistered(user: user))
            return .success(.accepted)
        }
    }

    private func pushProgress(user: String, phase: OnboardingPhase) -> Result<FixPlanReply, RequestError> {
        update(user) { account in
            // Never move backward: a late retry of an old step keeps the newer progress (unless
            // the scenario's backend stores every write as it comes).
            if configuration.progressWrites == .lastWriteWins || account.progress.map({ $0 < phase }) ?? true {
                account.progress = phase
                if phase >= .intakeComplete { account.journey.intakeComplete = true }
                simulation.record(ModelEvent.progressStored(user: user, phase: phase.step))
            }
            return .success(.accepted)
        }
    }

    /// Idempotent by event id, as analytics sinks are: a retry of an event already taken is
    /// accepted and not counted again.
    private func recordAnalytics(user: String, event: String, id: String) -> Result<FixPlanReply, RequestError> {
        if !eventIDs.contains(id) {
            eventIDs.append(id)
            simulation.record(ModelEvent.analytics(user: user, event: event))
        }
        return .success(.accepted)
    }

    // MARK: Account loss (seed 003: "Account loss (deletion/password reset)").

    /// From now on the backend refuses the sessions of `loss.email`'s account (every account if
    /// nil); a deleted account is gone, and a sign-up with its email starts a new one.
    func lose(_ loss: AccountLoss) {
        let emails = loss.email.map { [Self.key($0)] } ?? accountsByEmail.keys
        if loss.kind == .resetElsewhere { return resetPrograms(of: emails) }
        if loss.kind == .progressElsewhere { return progressElsewhere(of: emails) }
        // Its sessions never expire on their own: validation refuses the fault for this app.
        guard loss.kind == .accountDeleted || loss.kind == .sessionRevoked else { return }
        for email in emails {
            guard let userID = accountsByEmail.read(email, { $0.userID }) else { continue }
            let deleted = loss.kind == .accountDeleted
            lostUsers[userID] = deleted
            AccountLossRecord.lost(user: userID, deleted: deleted, in: simulation)
            guard deleted else { continue }
            accountsByEmail[email] = nil
            emailsByUser[userID] = nil
            inbox[email] = nil
            pendingCreateFlags[email] = nil
        }
        lostEmails += emails
    }

    /// Another device reset these accounts' programs: an active one goes back to approved, for a
    /// user still onboarding (a finished user's main app is not modelled beyond its first screen).
    private func resetPrograms(of emails: [String]) {
        for email in emails {
            // Finished: seeded complete, or the complete step stored.
            let seededComplete = configuration.accounts.contains { Self.key($0.email) == email && $0.journey == .complete }
            guard !seededComplete, let user = accountsByEmail.read(email, { $0.progress != .complete ? $0.userID : nil }) ?? nil
            else { continue }
            _ = update(user) { account in
                if account.journey.programStatus == .active { account.journey.programStatus = .approved }
                return .success(.accepted)
            }
        }
    }

    /// These users went on with onboarding on another device: they signed in there (an account
    /// never signed in to is verified by it), and it pushed the next unfinished step, the intake
    /// (the step after it stored) or else a goal (a draft program), as this app's own pushes
    /// would. A finished user, or one with goals chosen, is left alone.
    private func progressElsewhere(of emails: [String]) {
        for email in emails {
            guard let user = accountsByEmail.read(email, { $0.progress != .complete && !$0.journey.goalsComplete ? $0.userID : nil }) ?? nil
            else { continue }
            _ = update(user) { account in
                // Found at 10⁶ seeds: progress made for an account nobody had signed in to let this
                // phone's first sign-in pass as a new account's, which skips the journey check.
                account.verified = true
                if !account.journey.intakeComplete {
                    account.journey.intakeComplete = true
                    if account.progress.map({ $0 < .intakeComplete }) ?? true {
                        account.progress = .intakeComplete
                        simulation.record(ModelEvent.progressStored(user: user, phase: OnboardingPhase.intakeComplete.step))
                    }
                } else {
                    account.journey.goalsComplete = true
                    if account.journey.programStatus < .draft { account.journey.programStatus = .draft }
                }
                return .success(.accepted)
            }
        }
    }

    /// Records a rejected sign-in for `email` as the account loss's doing, if its account was lost.
    private func markAccountLoss(of email: String, id: Int) {
        guard lostEmails.contains(email) else { return }
        simulation.record(ModelEvent.faultApplied(id: id, endpoint: .sendOTP, fault: "account-lost"))
    }

    /// 401 to a request made with a lost account's session, marked as the fault's doing.
    private func refusedSession(of user: String, id: Int, endpoint: Endpoint, deleted: Bool) -> Result<FixPlanReply, RequestError> {
        AccountLossRecord.refused(request: id, endpoint: endpoint, user: user, deleted: deleted, in: simulation)
        return .failure(.status(401, deleted ? "Account deleted" : "Session revoked"))
    }

    // MARK: Helpers.

    private func createAccount(email: String, journey: Journey) {
        usersCreated += 1
        let userID = "u\(usersCreated)"
        var account = Account(userID: userID, email: email, journey: journey)
        account.verified = false
        accountsByEmail[email] = account
        emailsByUser[userID] = email
    }

    private func withAccount(_ user: String, _ body: (Account) -> Result<FixPlanReply, RequestError>)
        -> Result<FixPlanReply, RequestError>
    {
        guard let email = emailsByUser[user], let result = accountsByEmail.read(email, body) else {
            return .failure(.status(404, "No such user"))
        }
        return result
    }

    private func update(_ user: String, _ body: (inout Account) -> Result<FixPlanReply, RequestError>)
        -> Result<FixPlanReply, RequestError>
    {
        // Changed in place: copying the account out and back cost a retain and a release of each
        // of its texts at every request that stores something.
        guard let email = emailsByUser[user],
              let (result, changed) = accountsByEmail.modify(email, { account -> (Result<FixPlanReply, RequestError>, Journey?) in
                  let before = account.journey
                  let result = body(&account)
                  return (result, account.journey != before ? account.journey : nil)
              })
        else {
            return .failure(.status(404, "No such user"))
        }
        if let changed {
            simulation.record(ModelEvent.journeyChanged(user: user, journey: changed.record))
        }
        return result
    }
}
