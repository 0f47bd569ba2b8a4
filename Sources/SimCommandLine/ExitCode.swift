/// The tool's exit codes: 0 all good, 1 violations, 2 bad input or usage.
enum ExitCode {
    static let ok: Int32 = 0
    static let violations: Int32 = 1
    static let badInput: Int32 = 2
}
