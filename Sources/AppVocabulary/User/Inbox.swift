import Synchronization

/// The user's mail and messages on the phone: where an app's mock backend delivers the one-time
/// codes it sends (by email or SMS), and where the free user reads them to type them in. One per
/// run, made by the plug-in's `makeWorld` and given to its backend and its world (`AppWorld.inbox`).
///
/// ```swift
/// let inbox = Inbox()
/// inbox.deliver(code: "123456", to: "ada@example.com")   // the backend, as it answers send-code
/// inbox.latestCode(for: "ada@example.com")                 // "123456", for the free user
/// ```
public final class Inbox: Sendable {
    /// Each code with the address it went to, case-folded (`CaseFolding`: what lookups compare).
    private let messages = Mutex<[(address: String, code: String)]>([])

    public init() {}

    /// A code sent to `address` (an email address or a phone number) has arrived.
    public func deliver(code: String, to address: String) {
        let folded = CaseFolding.folded(address)
        messages.withLock { $0.append((folded, code)) }
    }

    /// The newest code sent to `address` (its letters' case aside, as mail servers take it), or nil.
    public func latestCode(for address: String) -> String? {
        let wanted = CaseFolding.folded(address)
        return messages.withLock { $0.last { $0.address == wanted }?.code }
    }

    /// The newest code sent to any address, or nil.
    public func latestCode() -> String? { messages.withLock { $0.last?.code } }

    /// How many codes have arrived for `address`.
    public func count(for address: String) -> Int {
        let wanted = CaseFolding.folded(address)
        return messages.withLock { $0.count { $0.address == wanted } }
    }
}
