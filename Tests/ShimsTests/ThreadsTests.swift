// Threads: the lock the shims share state behind, and the worker pool's order, under contention (`make test-tsan`
// checks that the lock orders what it guards).
import Glibc
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

    /// A deferred pipeline that is never started runs its work on the caller's thread in `finish`, with every
    /// input queued, and hands back every output in order; past `capacity` inputs, or when waited for, it starts its
    /// thread and behaves as one that started at once.
    @Test(arguments: [0, 2, 5])
    func deferredPipelineRunsHereOrStarts(inputs: Int) throws {
        let caller = pthread_self()
        let ranHere = Locked(false)
        let pipeline = try WorkerPipeline<Int, Int>(capacity: 3, deferred: true) { pipeline in
            ranHere.withLock { $0 = pthread_equal(pthread_self(), caller) != 0 }
            while let input = pipeline.next() {
                guard pipeline.emit(input * 10), pipeline.emit(input * 10 + 1) else { return }
            }
        }
        var outputs: [Int] = []
        for input in 0..<inputs { pipeline.send(input) { outputs.append($0) } }
        pipeline.finish { outputs.append($0) }
        #expect(outputs == (0..<inputs).flatMap { [$0 * 10, $0 * 10 + 1] })
        #expect(ranHere.withLock { $0 } == (inputs <= 3))
        // Waited for, it starts.
        let waited = try WorkerPipeline<Int, Int>(capacity: 3, deferred: true) { pipeline in
            while let input = pipeline.next() { _ = pipeline.emit(input) }
        }
        defer { waited.cancel() }
        var got: [Int] = []
        waited.send(7) { got.append($0) }
        waited.waitUntilIdle { got.append($0) }
        #expect(got == [7])
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
