// A second thread for work that can run beside the main one (matching while the main thread formats output), with
// bounded queues both ways so memory stays flat, and a safe Swift API: whatever crosses threads is Sendable.
import Glibc

/// One worker thread fed with inputs and giving back outputs, in order. The main thread calls `send`,
/// `waitUntilIdle`, `finish` or `cancel`; the worker calls `next()` and `emit(_:)`.
///
/// A deferred pipeline starts its thread only when it is needed: `start()`, a wait for outputs, or a `send` past
/// `capacity`. One that was never started runs its work on the caller's thread in `finish`, with every input
/// queued: a small input (a file of a few kilobytes) costs no thread, no hand-over and no wait, which were most of
/// its time.
public final class WorkerPipeline<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    // Everything below is guarded by `mutex`; `changed` is broadcast whenever any of it changes.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private var inputs: [Input] = []
    private var outputs: [Output] = []
    private var inputEnded = false
    private var cancelled = false
    private var workerBusy = false
    private var workerDone = false
    private let capacity: Int
    private var thread = pthread_t()
    /// Only the main thread reads and writes these two.
    private var started = false
    private var joined = false
    /// The work runs on the main thread, in `finish`: `emit` never waits (nobody takes outputs meanwhile).
    private var runsHere = false
    private let work: @Sendable (WorkerPipeline) -> Void

    /// Starts a thread running `work`, which takes inputs with `next()` until it returns nil and hands back
    /// results with `emit`. `capacity` bounds both queues. `deferred`: the thread starts when it is needed (see
    /// above). The corresponding C function is `pthread_create`.
    public init(capacity: Int = 4, deferred: Bool = false, work: @escaping @Sendable (WorkerPipeline) -> Void)
        throws(ThreadError)
    {
        self.capacity = max(1, capacity)
        self.work = work
        mutex = .allocate(capacity: 1)
        changed = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(changed, nil)
        if !deferred { try start() }
    }

    /// Starts the worker thread of a deferred pipeline; nothing when it runs already (or ran in `finish`).
    public func start() throws(ThreadError) {
        guard !started else { return }
        let start = Unmanaged.passRetained(
            ThreadStart { [self] in
                work(self)
                workerEnded()
            }
        ).toOpaque()
        let result = pthread_create(&thread, nil, threadEntry, start)
        if result != 0 {
            Unmanaged<ThreadStart>.fromOpaque(start).release()
            throw ThreadError(code: result)
        }
        started = true
    }

    /// Starts a deferred pipeline's thread because the caller is about to wait for it. When no thread can be
    /// started, the work runs in `finish` (with more queued than `capacity`, if it comes to that).
    private func startToWait() -> Bool {
        if !started { try? start() }
        return started
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        changed.deallocate()
        mutex.deallocate()
    }

    // MARK: Main thread

    /// Queues `input` for the worker. While its queue is full, finished outputs are handed to `receive`.
    public func send<Failure: Error>(_ input: Input, receive: (Output) throws(Failure) -> Void) throws(Failure) {
        if !started && (inputs.count < capacity || !startToWait()) {
            inputs.append(input)
            return
        }
        lock()
        while inputs.count >= capacity && !workerDone {
            if outputs.isEmpty { wait() } else { try deliver(receive) }
        }
        if !workerDone {
            inputs.append(input)
            signal()
        }
        let ready = takeOutputs()
        unlock()
        for output in ready { try receive(output) }
    }

    /// Waits until the worker has an output (or has ended), then hands every ready output to `receive`.
    public func waitForOutput<Failure: Error>(receive: (Output) throws(Failure) -> Void) throws(Failure) {
        guard startToWait() else { return }
        lock()
        while outputs.isEmpty && !workerDone { wait() }
        let ready = takeOutputs()
        unlock()
        for output in ready { try receive(output) }
    }

    /// Waits until the worker has handled every input sent so far, handing each output to `receive`. Call it
    /// before the main thread blocks on something else, so results never wait behind a slow source.
    public func waitUntilIdle<Failure: Error>(receive: (Output) throws(Failure) -> Void) throws(Failure) {
        // `started` first: once the thread runs, `inputs` may only be read under the lock.
        guard started || !inputs.isEmpty, startToWait() else { return }
        lock()
        while !outputs.isEmpty || ((!inputs.isEmpty || workerBusy) && !workerDone) {
            if outputs.isEmpty { wait() } else { try deliver(receive) }
        }
        unlock()
    }

    /// Ends the input, hands every remaining output to `receive`, and waits for the worker to end.
    public func finish<Failure: Error>(receive: (Output) throws(Failure) -> Void) throws(Failure) {
        if !started {
            started = true
            joined = true
            runsHere = true
            inputEnded = true
            work(self)
            workerEnded()
        }
        lock()
        inputEnded = true
        signal()
        while !(workerDone && outputs.isEmpty) {
            if outputs.isEmpty { wait() } else { try deliver(receive) }
        }
        unlock()
        join()
    }

    /// Stops the worker (its `next` returns nil, its `emit` false), drops what is queued, and waits for it to end.
    /// Safe to call more than once. The corresponding C function is `pthread_join`.
    public func cancel() {
        lock()
        cancelled = true
        inputs.removeAll()
        outputs.removeAll()
        signal()
        unlock()
        join()
    }

    // MARK: Worker thread

    /// The next input, waiting for one; nil when the input ended or the pipeline was cancelled.
    public func next() -> Input? {
        lock()
        defer { unlock() }
        workerBusy = false
        signal()
        while inputs.isEmpty && !inputEnded && !cancelled { wait() }
        guard !cancelled, !inputs.isEmpty else { return nil }
        workerBusy = true
        return inputs.removeFirst()
    }

    /// Whether an input is queued: the next `next()` returns at once. A worker that holds results back for a
    /// while (to hand them over in larger batches) hands them over when none is.
    public var hasInput: Bool {
        lock()
        defer { unlock() }
        return !inputs.isEmpty
    }

    /// Hands a result to the main thread, waiting while its queue is full; false when cancelled.
    public func emit(_ output: Output) -> Bool {
        lock()
        defer { unlock() }
        while outputs.count >= capacity && !cancelled && !runsHere { wait() }
        guard !cancelled else { return false }
        outputs.append(output)
        signal()
        return true
    }

    // MARK: Plumbing

    private func workerEnded() {
        lock()
        workerDone = true
        workerBusy = false
        signal()
        unlock()
    }

    /// Hands the queued outputs to `receive` without holding the lock. Called with the lock held; returns with it
    /// held, but throws without it (the caller's function then ends).
    private func deliver<Failure: Error>(_ receive: (Output) throws(Failure) -> Void) throws(Failure) {
        let ready = takeOutputs()
        unlock()
        for output in ready { try receive(output) }
        lock()
    }

    private func takeOutputs() -> [Output] {
        guard !outputs.isEmpty else { return [] }
        let ready = outputs
        outputs.removeAll(keepingCapacity: true)
        signal()
        return ready
    }

    private func join() {
        guard started, !joined else { return }
        joined = true
        pthread_join(thread, nil)
    }

    private func lock() { pthread_mutex_lock(mutex) }
    private func unlock() { pthread_mutex_unlock(mutex) }
    private func wait() { pthread_cond_wait(changed, mutex) }
    private func signal() { pthread_cond_broadcast(changed) }
}

/// The thread's entry point: runs the closure it was given. It must not capture anything.
func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
