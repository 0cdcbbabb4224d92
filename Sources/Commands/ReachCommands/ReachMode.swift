// How tb reach runs its checks: once, until every target is reachable (--wait), or for ever (--watch).

/// How tb reach runs.
enum ReachMode {
    case once, wait, watch
}
