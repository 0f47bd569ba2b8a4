import Foundation

/// Quotes a word for a POSIX shell, so a printed command can be pasted as it is: a scenario
/// file named `my flow & co's.json` prints as `'my flow & co'\''s.json'`. Words of only
/// letters, digits and `_ @ + = : , . / -` stay as they are.
///
/// ```swift
/// "onboarding-sim run " + ShellWord.quoted("scenarios/a b.json")   // onboarding-sim run 'scenarios/a b.json'
/// ```
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        guard word.isEmpty || !word.unicodeScalars.allSatisfy(isPlain) else { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "_", "@", "+", "=", ":", ",", ".", "/", "-": true
        default: false
        }
    }
}
