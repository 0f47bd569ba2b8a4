import SimKernel
import AppVocabulary

/// `{"enterCode": true}` (or `{"enterCode": "ada@example.com"}`): the user reads the newest
/// one-time code from their mail, types it, and taps the button that sends it. A step of every
/// app whose roles declare an action that types a code (`.input(.code)`) and one that sends it
/// (`.submit(.code)`), reading the codes from its world's `Inbox`: a scenario of an email-code
/// sign-in cannot know the code the backend made (the fix plan's app has a step of its own by
/// the same name, reading its own backend).
///
/// The address is the one given, or the email field on screen, or else whichever address the
/// newest code went to. With no code to read, the user types `000000` and stops there, as the
/// fix plan's step does: the run shows what a wrong code does.
public enum CodeEntryStep {
    /// The step's key in a file.
    public static let kind = "enterCode"

    /// Whether an app with `roles` has the step.
    public static func applies(to roles: AppRoles) -> Bool {
        !roles.actions { $0 == .input(.code) }.isEmpty && !roles.actions { $0 == .submit(.code) }.isEmpty
    }

    /// Reads the step's value: `true` or an address.
    public static func decode(_ value: JSONValue, at path: String, context: DecodingContext) -> AppStep? {
        if value == .bool(true) { return AppStep(kind) }
        return context.string(value, at: path).map { AppStep(kind, .string($0)) }
    }

    /// Types the newest code sent to the step's address and taps the action that sends it.
    public static func play(_ step: AppStep, roles: AppRoles, in world: any AppWorld, player: StepPlayer) async {
        guard let typing = roles.actions(where: { $0 == .input(.code) }).first,
              let sending = roles.actions(where: { $0 == .submit(.code) }).first else { return }
        var address: String?
        if case .string(let given) = step.value { address = given }
        if address == nil {
            let field = await world.currentScreen().emailField
            address = field.isEmpty ? nil : field
        }
        guard let inbox = world.inbox, let code = address.map(inbox.latestCode(for:)) ?? inbox.latestCode() else {
            await player.perform(typing, input: "000000")
            return
        }
        await player.perform(typing, input: code)
        await player.wait(.milliseconds(300), label: "user reads the code")
        await player.perform(sending)
    }
}
