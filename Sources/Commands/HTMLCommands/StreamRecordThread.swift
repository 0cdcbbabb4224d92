// A stream's records built on a second core. Parsing and walking the page is one core's work, building and encoding
// the records of its matches nearly as much again: the walk hands its matches over in batches, each with a copy of
// the tree they are nodes of (taken before the stream drops what the walk has passed, so the copy shares the
// stream's storage until the stream next changes it), and the second thread builds and encodes their records, which
// come back in order. Only the tree's copy and encoded bytes cross between the threads.
import HTML5
import Threads
import Toolbox

/// Builds a stream's records on a second thread.
final class StreamRecordThread {
    /// A match of the walk: its node, and its path.
    struct Match: Sendable {
        let node: Int32
        let path: String
        /// The elements below it each --extract sub-selector matched.
        let found: [[Int32]]
    }

    /// What the thread is given: matches, the tree they are nodes of, and how their records are built.
    private struct Batch: Sendable {
        let tree: HTMLTree
        let matches: [Match]
        let builder: NodeRecordBuilder
    }

    /// Matches are sent at least this often, so that a batch's records stay small.
    static let batchSize = 512

    private let pipeline: WorkerPipeline<Batch, EncodedRecords>
    private let print: (EncodedRecords) throws -> Void
    private(set) var pending: [Match] = []

    /// Nil when no thread could be started: the caller builds the records itself.
    init?(print: @escaping (EncodedRecords) throws -> Void) {
        do {
            // One batch queued and one being built: each holds a copy of the tree.
            pipeline = try WorkerPipeline(capacity: 1) { pipeline in
                var encoder = RecordBatchEncoder()
                while let batch = pipeline.next() {
                    let page = TreePage(batch.tree)
                    for match in batch.matches {
                        let node = StreamNode(node: TreeNode(page: page, node: Int(match.node)), path: match.path)
                        let found = match.found.map { nodes in
                            nodes.map { StreamNode(node: TreeNode(page: page, node: Int($0)), path: "") }
                        }
                        _ = batch.builder.records(for: node, found: found) { record in
                            encoder.add(record)
                            return true
                        }
                    }
                    guard pipeline.emit(encoder.take()) else { return }
                }
            }
        } catch {
            return nil
        }
        self.print = print
    }

    deinit {
        pipeline.cancel()
    }

    func add(_ node: Int, path: String, found: [[Int]]) {
        pending.append(Match(node: Int32(node), path: path, found: found.map { $0.map { Int32($0) } }))
    }

    /// Sends the matches so far with `tree`, the tree they are nodes of, printing what is ready meanwhile.
    func send(_ tree: HTMLTree, builder: NodeRecordBuilder) throws {
        guard !pending.isEmpty else { return }
        let batch = Batch(tree: tree, matches: pending, builder: builder)
        pending = []
        try pipeline.send(batch) { try print($0) }
    }

    /// Waits for the records of every batch sent, and prints them.
    func printAll() throws {
        try pipeline.waitUntilIdle { try print($0) }
    }
}
