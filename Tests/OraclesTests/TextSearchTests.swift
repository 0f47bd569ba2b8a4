import Testing
@testable import Oracles

/// The byte search oracles use for phrases in screens' errors and backends' answers.
struct TextSearchTests {
    @Test func aPhraseIsFoundAnywhereInTheTextAndOnlyWhereItIs() {
        #expect(TextSearch.contains("status 422 Signups not allowed for otp", "Signups not allowed for otp"))
        #expect(TextSearch.contains("offline", "offline"))
        #expect(TextSearch.contains("abc", ""))
        #expect(!TextSearch.contains("status 422 signups not allowed", "Signups not allowed"))
        #expect(!TextSearch.contains("offlin", "offline"))
        #expect(!TextSearch.contains("", "x"))
    }

    @Test func ignoringCaseMatchesEitherCaseOfALetterAndNothingElse() {
        #expect(TextSearch.contains("You're OFFLINE. Reconnect.", "offline", ignoringASCIICase: true))
        #expect(TextSearch.contains("Offline – résumé later", "offline", ignoringASCIICase: true))
        #expect(!TextSearch.contains("You're OFFLINE.", "offline"))
        // Only letters fold: '@' (0x40) is not '`' (0x60), nor '-' (0x2D) '\r' (0x0D).
        #expect(!TextSearch.contains("@", "`", ignoringASCIICase: true))
        #expect(!TextSearch.contains("\r", "-", ignoringASCIICase: true))
        #expect(!TextSearch.contains("off-line", "offline", ignoringASCIICase: true))
    }

    @Test func multiByteTextIsSearchedByItsBytes() {
        #expect(TextSearch.contains("Connexion perdue : hors ligne (offline) — réessayez", "offline", ignoringASCIICase: true))
        #expect(TextSearch.contains("日本語のoffline表示", "offline"))
        #expect(!TextSearch.contains("ÖFFLINE", "offline", ignoringASCIICase: true))
    }
}

/// Which errors call the user's entry wrong (`inputBlamedOnlyWhenRejected`) and which failures
/// the backend judged.
struct InputBlameWordsTests {
    @Test func anErrorThatCallsTheEntryWrongBlamesItUnlessItNamesTheConnection() {
        #expect(InputBlamedOnlyWhenRejected.blamesTheEntry("That code didn't work. Check it and try again."))
        #expect(InputBlamedOnlyWhenRejected.blamesTheEntry("Invalid email address"))
        #expect(InputBlamedOnlyWhenRejected.blamesTheEntry("The code is wrong."))
        #expect(!InputBlamedOnlyWhenRejected.blamesTheEntry("Couldn't connect. Please check your connection and try again."))
        #expect(!InputBlamedOnlyWhenRejected.blamesTheEntry("That didn't work: you're offline."))
        #expect(!InputBlamedOnlyWhenRejected.blamesTheEntry("Something went wrong. Try again."))
        #expect(!InputBlamedOnlyWhenRejected.blamesTheEntry("Failed to resend code. Please try again."))
    }

    @Test func onlyASuccessACancelOrA4xxIsTheBackendsJudgement() {
        #expect(InputBlamedOnlyWhenRejected.judgedByTheBackend("ok"))
        #expect(InputBlamedOnlyWhenRejected.judgedByTheBackend("status 401 Invalid or expired code"))
        #expect(InputBlamedOnlyWhenRejected.judgedByTheBackend("cancelled"))
        #expect(!InputBlamedOnlyWhenRejected.judgedByTheBackend("timeout"))
        #expect(!InputBlamedOnlyWhenRejected.judgedByTheBackend("dropped"))
        #expect(!InputBlamedOnlyWhenRejected.judgedByTheBackend("offline"))
        #expect(!InputBlamedOnlyWhenRejected.judgedByTheBackend("status 503 Service Unavailable"))
    }

    @Test func anOutcomesPrefixAndStatusAreReadByTheirBytesAsHasPrefixAndIntReadThem() {
        for outcome in ["status 401 unauthorized", "status 4010", "status 500 injected error", "status 422", "status ", "status x",
                        "ok", "offline", "timeout", "cancelled", "", "stat", "Status 401", "status 0401"] {
            #expect(TextSearch.hasPrefix(outcome, "status 401") == outcome.hasPrefix("status 401"), "\(outcome)")
            #expect(TextSearch.hasPrefix(outcome, "status ") == outcome.hasPrefix("status "), "\(outcome)")
            let expected = outcome.hasPrefix("status ") ? Int(outcome.dropFirst(7).prefix { $0.isNumber }) : nil
            #expect(TextSearch.status(ofOutcome: outcome) == expected, "\(outcome)")
        }
        #expect(TextSearch.isASCII("ada@example.com") && !TextSearch.isASCII("zoë@example.com") && TextSearch.isASCII(""))
    }

    @Test func blankTextIsWhatCharacterWhitespaceCallsBlank() {
        for text in ["", " ", "\t\n\r", " \u{0B}\u{0C} ", "x", " a ", "\u{00A0}", "\u{2003}\u{3000}", " é", "\r\n", "\u{1C}", "\u{85}"] {
            #expect(TextSearch.isBlank(text) == text.allSatisfy(\.isWhitespace), "\(text.unicodeScalars.map(\.value))")
        }
    }
}
