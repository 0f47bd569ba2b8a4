import Testing
import SimKernel
@testable import AppVocabulary
@testable import OnboardingModel

/// `SmallMap`: the model's few string-keyed tables, without hashing.
@Suite struct SmallMapTests {
    @Test func setsReplacesAndRemovesByKey() {
        var map: SmallMap<Int> = ["a": 1, "b": 2]
        map["a"] = 10
        map["c"] = 3
        map["b"] = nil
        #expect(map["a"] == 10 && map["b"] == nil && map["c"] == 3)
        #expect(map.keys == ["a", "c"])
        map["z", default: 0] += 5
        #expect(map["z"] == 5)
    }

    @Test func readsAndChangesAValueWhereItIsAndLeavesAMissingKeyAlone() {
        var map: SmallMap<[Int]> = ["a": [1, 2], "b": [3]]
        #expect(map.contains("a") && !map.contains("z"))
        #expect(map.read("a") { $0.count } == 2)
        #expect(map.read("z") { $0.count } == nil)
        #expect(map.modify("b") { values -> Int in values.append(4); return values.count } == 2)
        #expect(map["b"] == [3, 4])
        var called = false
        #expect(map.modify("z") { _ in called = true } == nil)
        #expect(!called && map.keys == ["a", "b"])
    }

    @Test func equalityIgnoresInsertionOrder() {
        let one: SmallMap<Int> = ["a": 1, "b": 2]
        let other: SmallMap<Int> = ["b": 2, "a": 1]
        #expect(one == other)
        #expect(one != ["a": 1])
        #expect(one != ["a": 1, "b": 3])
    }

    @Test func behavesLikeADictionaryUnderSeededEdits() {
        var random = SeededRandom(seed: 7, stream: "small-map")
        var map = SmallMap<Int>()
        var reference: [String: Int] = [:]
        for _ in 0..<500 {
            let key = "k\(random.next() % 6)"
            if random.next() % 3 == 0 {
                map[key] = nil
                reference[key] = nil
            } else {
                let value = Int(random.next() % 100)
                map[key] = value
                reference[key] = value
            }
            #expect(map[key] == reference[key])
        }
        #expect(map.keys.sorted() == reference.keys.sorted())
        for key in reference.keys { #expect(map[key] == reference[key]) }
    }
}
