import Glibc

/// What a new thread runs (of a pipeline or a pool).
final class ThreadStart {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
