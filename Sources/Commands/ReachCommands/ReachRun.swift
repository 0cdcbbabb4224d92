// The three ways tb reach runs its checks: once; again and again until every target is reachable (--wait); and
// for ever, printing changes (--watch).
import Net
import Toolbox

/// One run: the prober, and what is printed when.
final class ReachRun {
    private let targets: [ReachTarget]
    private let settings: ProbeSettings
    private let interval: Duration
    private let context: Context
    private let ordered: Bool
    private let quiet: Bool
    private let prober: Prober
    /// The result each target ends with (for the exit status and the history).
    private var final: [ReachResult?]
    /// With --ordered: results waiting for the ones before them, and how many are printed.
    private var waiting: [Int: ReachResult] = [:]
    private var printed = 0

    init(
        targets: [ReachTarget], settings: ProbeSettings, interval: Duration, context: Context, ordered: Bool,
        quiet: Bool
    ) throws {
        self.targets = targets
        self.settings = settings
        self.interval = interval
        self.context = context
        self.ordered = ordered
        self.quiet = quiet
        prober = try Prober(targets: targets, settings: settings)
        final = Array(repeating: nil, count: targets.count)
        prober.willWait = { [context] in try context.output.willWait() }
    }

    /// Runs the checks; the result each target ended with (with --watch, only when interrupted… never).
    func run(_ mode: ReachMode) throws -> [ReachResult] {
        switch mode {
        case .once: try once()
        case .wait: try untilReachable()
        case .watch: try watch()
        }
        return final.map { $0 ?? ReachResult(status: .timeout, total: 0) }
    }

    private func once() throws {
        prober.report = { [unowned self] index, result in
            final[index] = result
            try print(index, result)
        }
        for index in targets.indices { prober.start(index) }
        try prober.run { final.contains { $0 == nil } }
    }

    /// --wait: a target that is not reachable yet is tried again after a pause that doubles up to --interval,
    /// until the deadline. Its record says how many tries it took and how long it waited.
    private func untilReachable() throws {
        let started = Prober.now
        let deadline = started + settings.timeout.wholeNanoseconds
        prober.deadline = deadline
        var pause = Array(repeating: Int64(100_000_000), count: targets.count)
        var tries = Array(repeating: 0, count: targets.count)
        let longest = interval.wholeNanoseconds
        prober.report = { [unowned self] index, result in
            let now = Prober.now
            let retry = now + pause[index]
            tries[index] += 1
            if result.reachable || retry >= deadline {
                var result = result
                result.tries = tries[index]
                result.waited = Int((now - started) / 1000)
                final[index] = result
                try print(index, result)
            } else {
                prober.schedule(index, at: retry)
                pause[index] = min(pause[index] * 2, longest)
            }
        }
        for index in targets.indices { prober.start(index) }
        try prober.run { final.contains { $0 == nil } }
    }

    /// --watch: the first result of each target, then a change record each time its status changes. Every target is
    /// checked again every --interval, and at once when the kernel reports a route change.
    private func watch() throws {
        try prober.watchRoutes()
        try prober.watchOutput()
        prober.outputClosed = { throw OutputError.closed }
        var state: [ReachStatus?] = Array(repeating: nil, count: targets.count)
        var again = Array(repeating: false, count: targets.count)
        let every = interval.wholeNanoseconds
        prober.report = { [unowned self] index, result in
            if let previous = state[index] {
                if previous != result.status {
                    try emit(ChangeRecord(time: .now(), target: targets[index], result: result, previous: previous))
                }
            } else {
                try print(index, result)
            }
            state[index] = result.status
            final[index] = result
            if again[index] {
                again[index] = false
                prober.start(index)
            } else {
                prober.schedule(index, at: Prober.now + every)
            }
        }
        prober.routesChanged = { [unowned self] in
            for index in targets.indices {
                if prober.isChecking(index) { again[index] = true } else { prober.start(index) }
            }
        }
        for index in targets.indices { prober.start(index) }
        try prober.run { true }
    }

    /// Prints a target's record, in order with --ordered.
    private func print(_ index: Int, _ result: ReachResult) throws {
        guard ordered else { return try emit(ReachRecord(target: targets[index], result: result)) }
        waiting[index] = result
        while let next = waiting.removeValue(forKey: printed) {
            try emit(ReachRecord(target: targets[printed], result: next))
            printed += 1
        }
    }

    private func emit(_ record: some Record) throws {
        guard !quiet else { return }
        try context.output.emit(record)
    }
}
