import AppVocabulary
import Scenarios

/// The Trendy phone a scenario starts from (`"device"`): whether onboarding was done on it,
/// Reduce Motion, whether the connection is up, and what the user answers to each system prompt.
struct TrendySetup {
    static let keys = ["onboardingComplete", "reduceMotion", "online", "grantsNotifications", "grantsLocation"]

    var onboardingComplete = false
    var reduceMotion = false
    var answers: [String: Bool] = [:]

    init(_ setup: AppSetup) {
        guard case .object(let members)? = setup.device else { return }
        for (key, value) in members {
            guard case .bool(let flag) = value else { continue }
            switch key {
            case "onboardingComplete": onboardingComplete = flag
            case "reduceMotion": reduceMotion = flag
            case "grantsNotifications": answers["notifications"] = flag
            case "grantsLocation": answers["location"] = flag
            default: break
            }
        }
    }

    /// Every problem of the `device` and `backend` sections, at its JSON path.
    static func problems(_ setup: AppSetup) -> [AppSetupProblem] {
        var problems: [AppSetupProblem] = []
        if let backend = setup.backend {
            problems.append(AppSetupProblem(path: "$.backend", message: "the Trendy backend takes no settings (found \(backend.kindName))",
                                            suggestion: "remove \"backend\""))
        }
        guard let device = setup.device else { return problems }
        guard case .object(let members) = device else {
            return problems + [AppSetupProblem(path: "$.device", message: "expected an object, found \(device.kindName)")]
        }
        for (key, value) in members {
            guard keys.contains(key) else {
                problems.append(AppSetupProblem(path: "$.device.\(key)", message: "unknown key \"\(key)\"",
                                                suggestion: "the Trendy phone has " + keys.joined(separator: ", ")))
                continue
            }
            guard case .bool = value else {
                problems.append(AppSetupProblem(path: "$.device.\(key)", message: "expected true or false, found \(value.kindName)"))
                continue
            }
        }
        return problems
    }
}
