// What a probe tells the loop after each call.

/// How a check goes on after a probe's call.
enum ProbeStep {
    /// Still waiting for something.
    case running
    /// Done: the loop reports the result and closes the probe.
    case finished(ReachResult)
    /// Out of descriptors while other checks hold some: the check starts again once one of them has ended.
    case requeue
    /// Something no check can do without (an ICMP socket): the run stops with this error.
    case failed(any Error)
}
