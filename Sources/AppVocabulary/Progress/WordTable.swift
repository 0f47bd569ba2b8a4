import Synchronization

/// The words of one sort made in this process (the apps' step names, their journeys' texts),
/// each once, numbered in the order first made: what a `StepName`'s or an `AccountJourney`'s
/// number stands for. Bounded by what apps declare and record (a fix plan journey is one of
/// sixteen).
final class WordTable: Sendable {
    private struct Table {
        var words: [String] = []
        var numbers: [String: UInt32] = [:]
    }

    private let table = Mutex(Table())

    init() {}

    func intern(_ word: String) -> UInt32 {
        table.withLock { table in
            if let number = table.numbers[word] { return number }
            precondition(table.words.count < Int(UInt32.max), "more words than a number can name")
            let number = UInt32(table.words.count)
            table.words.append(word)
            table.numbers[word] = number
            return number
        }
    }

    func word(_ number: UInt32) -> String {
        table.withLock { $0.words[Int(number)] }
    }
}
