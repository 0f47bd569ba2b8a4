import SimKernel

/// A phone with an app on it, as scenario steps drive it: the lifecycle and the user's taps.
public protocol AppDevice: Actor {
    func launch() async
    func kill() async
    func background() async
    func foreground() async
    func reinstall() async
    /// Taps `action`; false (and recorded) if the screen does not offer it.
    func perform(_ action: UserAction, input: String?) async -> Bool
}

/// One run's world of any app, as a scenario's steps and the runner see it: the phone, the
/// connection and the screen. Each app's world conforms.
public protocol AppWorld: Sendable {
    associatedtype Phone: AppDevice
    var simulation: Simulation { get }
    var network: Network { get }
    var device: Phone { get }
    var app: AppID { get }
    /// What the user sees: the screen every change of which the trace records.
    var screen: Screen { get }
    /// Records the starting world and schedules its timed faults.
    func prepare() async
    func currentScreen() async -> ScreenState
    /// The user's mail and messages (`Inbox`), where the app's backend delivers the codes it
    /// sends: what the free user reads a code from. Nil (the default) for an app that sends none.
    var inbox: Inbox? { get }
    /// Whether a scenario's or the swarm's account losses reach the world's backend. True (the
    /// default) for a world that schedules its faults itself; `AppHostWorld` says false when its
    /// backend is not on `MockAuth` and no `lose` was given, so an app that declares account
    /// losses (`AppPlugin.accountLosses`) with such a world is refused at registration.
    var takesAccountLosses: Bool { get }
    /// Whether the world keeps a phone's stores that a scenario's `device.phone` (`PhoneContents`)
    /// can fill before the first launch. False by default (a file that gives one is refused at
    /// `validate`); `AppHostWorld` says true.
    var takesPhoneContents: Bool { get }
    /// Puts `contents` on the phone before its first launch: called once, before `prepare`, for a
    /// run whose scenario gives `device.phone`. By default nothing.
    func setUpPhone(_ contents: PhoneContents) async
}

extension AppWorld {
    public var inbox: Inbox? { nil }
    public var takesAccountLosses: Bool { true }
    public var takesPhoneContents: Bool { false }
    public func setUpPhone(_ contents: PhoneContents) async {}
    public func launchApp() async { await device.launch() }
    public func killApp() async { await device.kill() }
    public func backgroundApp() async { await device.background() }
    public func foregroundApp() async { await device.foreground() }
    public func reinstallApp() async { await device.reinstall() }
    public func perform(_ action: UserAction, input: String?) async -> Bool { await device.perform(action, input: input) }
}
