import Testing
@testable import Oracles

@Suite struct RemoveEveryTests {
    @Test(arguments: 1...20)
    func removingAnIdIsRemovingEveryCopyOfItInOrder(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let list = (0..<next(12)).map { _ in next(5) }
        let id = next(5)
        var removed = list
        removed.removeEvery(id)
        #expect(removed == list.filter { $0 != id })
    }

    @Test func removingFromAnEmptyListLeavesItEmpty() {
        var list: [Int] = []
        list.removeEvery(3)
        #expect(list.isEmpty)
    }
}
