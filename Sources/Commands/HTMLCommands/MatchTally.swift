// What a run of tb html counts across its sources, for its exit status.

/// How many nodes all sources matched, and how many pages failed on a worker, for the exit status.
final class MatchTally {
    var count = 0
    var failed = 0
}
