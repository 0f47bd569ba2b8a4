import AppVocabulary

/// Where the onboarding cache of a user is stored.
enum CacheKeying {
    static let anonymous = "anonymous"
    static let shared = "onboarding"

    static func key(user: String?, mutants: MutantSet) -> String {
        // dec-cache-user: one key for every user, against 003 "Cache is per-user (keyed by user ID)".
        if mutants.contains(.decCacheUser) { return shared }
        return user ?? anonymous
    }
}
