// A fixed set of worker threads (one per core) doing independent jobs, with the results handed back in the order
// the jobs were given, and at most `capacity` jobs in flight so memory stays bounded: for searching many files.
import Glibc

/// Runs `work` on each input on several threads; the main thread gets the outputs in input order. The main thread
/// calls `submit`, `drain` and `cancel` (which it must, to end the threads); only `work` runs on the workers.
public final class WorkerPool<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    // Everything below is guarded by `mutex`; `changed` is broadcast whenever any of it changes.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var queue: [(Int, Input)] = []
    private var queueHead = 0
    private var results: [Int: Output] = [:]
    private var submitted = 0
    private var delivered = 0
    private var ended = false
    private var cancelled = false
    private var threads: [pthread_t] = []
    private let capacity: Int
    private let makeWork: @Sendable () -> (Input) -> Output

    /// Starts `threads` threads; each calls `makeWork` once and does its jobs with the function it returns (which
    /// may keep state of its own thread). `capacity` bounds the jobs submitted but not yet handed back.
    /// The corresponding C function is `pthread_create`.
    public init(
        threads count: Int, capacity: Int, makeWork: @escaping @Sendable () -> (Input) -> Output
    ) throws(ThreadError) {
        self.capacity = max(1, capacity)
        self.makeWork = makeWork
        mutex = .allocate(capacity: 1)
        changed = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        for _ in 0..<max(1, count) {
            let start = Unmanaged.passRetained(ThreadStart { [self] in runWorker() }).toOpaque()
            var thread = pthread_t()
            let result = pthread_create(&thread, nil, threadEntry, start)
            if result != 0 {
                Unmanaged<ThreadStart>.fromOpaque(start).release()
                cancel()
                throw ThreadError(code: result)
            }
            threads.append(thread)
        }
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    /// Queues a job. While `capacity` jobs are in flight, finished outputs are handed to `receive` in order;
    /// outputs that are ready in order are handed over too.
    public func submit<Failure: Error>(_ input: Input, receive: (Output) throws(Failure) -> Void) throws(Failure) {
        lock()
        while submitted - delivered >= capacity {
            if results[delivered] == nil { wait() } else { try deliverReady(receive) }
        }
        queue.append((submitted, input))
        submitted += 1
        signal()
        try deliverReady(receive)
        unlock()
    }

    /// Hands every remaining output to `receive` in order; the threads wait for more jobs (`cancel` ends them).
    public func drain<Failure: Error>(receive: (Output) throws(Failure) -> Void) throws(Failure) {
        lock()
        while delivered < submitted {
            if results[delivered] == nil { wait() } else { try deliverReady(receive) }
        }
        unlock()
    }

    /// Drops what is queued, lets the running jobs end, and waits for the threads. Safe to call more than once.
    /// The corresponding C function is `pthread_join`.
    public func cancel() {
        lock()
        cancelled = true
        ended = true
        queue.removeAll()
        queueHead = 0
        signal()
        let running = threads
        threads = []
        unlock()
        for thread in running { pthread_join(thread, nil) }
    }

    /// Called with the lock held; returns with it held, but throws without it (the caller's function then ends).
    private func deliverReady<Failure: Error>(_ receive: (Output) throws(Failure) -> Void) throws(Failure) {
        var ready: [Output] = []
        while let output = results.removeValue(forKey: delivered) {
            ready.append(output)
            delivered += 1
        }
        guard !ready.isEmpty else { return }
        signal()
        unlock()
        for output in ready { try receive(output) }
        lock()
    }

    private func runWorker() {
        let work = makeWork()
        lock()
        while true {
            while queueHead == queue.count && !ended { wait() }
            if cancelled || queueHead == queue.count { break }
            let (index, input) = queue[queueHead]
            queueHead += 1
            if queueHead > 64 && queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            unlock()
            let output = work(input)
            lock()
            if !cancelled { results[index] = output }
            signal()
        }
        unlock()
    }

    private func lock() { pthread_mutex_lock(mutex) }
    private func unlock() { pthread_mutex_unlock(mutex) }
    private func wait() { pthread_cond_wait(changed, mutex) }
    private func signal() { pthread_cond_broadcast(changed) }
}
