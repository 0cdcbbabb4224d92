// Threads: the lock the shims share state behind, and the worker pool's order, under contention (`make test-tsan`
// checks that the lock orders what it guards).
import Testing
import Threads

struct ThreadsTests {
    /// Four threads adding to one count behind a `Locked` lose none of it.
    @Test func lockedCountsEveryAddition() throws {
        let count = Locked(0)
        let pool = try WorkerPool<Int, Int>(threads: 4, capacity: 8) {
            { job in
                for _ in 0..<1_000 { count.withLock { $0 += 1 } }
                return job
            }
        }
        defer { pool.cancel() }
        var order: [Int] = []
        for job in 0..<40 { pool.submit(job) { order.append($0) } }
        pool.drain { order.append($0) }
        #expect(order == Array(0..<40))
        #expect(count.withLock { $0 } == 40_000)
    }

    /// `withLock` hands back what its body returns and rethrows what it throws, with the lock released.
    @Test func lockedReturnsAndRethrows() {
        struct Refusal: Error {}
        let names = Locked(["a"])
        let total = names.withLock { list in
            list.append("b")
            return list.count
        }
        #expect(total == 2)
        #expect(throws: Refusal.self) { try names.withLock { _ throws(Refusal) in throw Refusal() } }
        #expect(names.withLock { $0 } == ["a", "b"])
    }
}
