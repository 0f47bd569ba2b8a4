/// The auth screen's email check (002 §12).
enum EmailValidation {
    /// 002 §12 fix: "accepts anything with: non-whitespace-non-@ + @ + non-whitespace-non-@ + . + 2+ chars".
    static let permissive = #"^[^\s@]+@[^\s@]+\.[^\s@]{2,}$"#
    /// 002 §12 problem: "`^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$` rejects … apostrophes".
    static let strict = #"^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$"#

    static func isValid(_ email: String, mutants: MutantSet) -> Bool {
        // fix-12: the strict regex "rejects valid email addresses".
        let pattern = mutants.contains(.fix12) ? strict : permissive
        guard let regex = try? Regex(pattern) else {
            preconditionFailure("the email pattern \(pattern) must compile")
        }
        return email.wholeMatch(of: regex) != nil
    }
}
