// The protocol between Prober's loop and the way each method checks a target. A new method is one more type that
// conforms (its own file) and one more case in `Prober.makeProbe`: the loop itself knows no method.
import Net

/// How one method checks one target. The loop resolves the name, then starts the probe on the addresses; hands it
/// the events of what it registered (a descriptor, an echo, a transfer); wakes it at a time of its own before the
/// deadline (`ReachCheck.wake`); asks it for its result when the deadline passes; and closes it whenever the check ends. Each call says
/// how the check goes on (`ProbeStep`).
protocol Probe: AnyObject {
    /// Starts on the addresses the target's name resolved to (of the family asked for; never empty).
    func start(_ check: ReachCheck, addresses: [IPAddress]) -> ProbeStep
    /// Something it waits for happened; `time` is when the loop saw it ready, before any other work of its turn.
    func event(_ check: ReachCheck, _ event: ProbeEvent, at time: Int64) -> ProbeStep
    /// The loop's turn came at or after the check's `wake`, which the probe sets.
    func wake(_ check: ReachCheck, now: Int64) -> ProbeStep
    /// The deadline passed, with the name resolved: what the check found by then.
    func timeout(_ check: ReachCheck) -> ReachResult
    /// The check ended (or waits for descriptors again): closes and forgets what it still has under way.
    func close()
}

extension Probe {
    func wake(_ check: ReachCheck, now: Int64) -> ProbeStep { .running }
}
