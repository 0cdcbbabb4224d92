// A value that threads share, behind a pthread mutex.
import Glibc

/// A value reached only inside `withLock`. A pthread mutex rather than Synchronization's `Mutex`: that one hands a
/// contended lock from thread to thread inside libswiftSynchronization (futex calls in code ThreadSanitizer does not
/// instrument), so `make test-tsan` saw no order between two threads' critical sections and reported them as a
/// race. TSan intercepts `pthread_mutex_lock`, so it checks this lock's users like any other code.
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: consuming Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value with the lock held. The corresponding C functions are `pthread_mutex_lock` and
    /// `pthread_mutex_unlock`.
    public func withLock<Result: ~Copyable, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
