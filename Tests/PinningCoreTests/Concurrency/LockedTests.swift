import Foundation
import Testing

@testable import PinningCore

/// ``Locked``, the core's one lock (in place of `Synchronization.Mutex`, which the declared platforms lack): every
/// change made under it from many tasks at once is kept.
@Suite("Locked: the core's lock")
struct LockedTests {
    @Test("64 tasks adding 1,000 times each leave exactly 64,000")
    func concurrentIncrements() async {
        let counter = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<64 {
                group.addTask {
                    for _ in 0..<1_000 { counter.withLock { $0 += 1 } }
                }
            }
        }
        #expect(counter.withLock { $0 } == 64_000)
    }

    @Test("withLock returns the body's value and rethrows its error, and the lock is free again after a throw")
    func returnsAndRethrows() {
        struct Refused: Error {}
        let list = Locked([String]())
        let count = list.withLock { list -> Int in
            list.append("a")
            return list.count
        }
        #expect(count == 1)
        #expect(throws: Refused.self) { try list.withLock { _ in throw Refused() } }
        #expect(list.withLock { $0 } == ["a"])
    }
}
