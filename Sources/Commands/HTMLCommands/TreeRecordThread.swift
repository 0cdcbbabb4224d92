// Tree mode's records of one large page built on both cores. Once the page is parsed, building its records (the
// attributes' URLs resolved, the text gathered, the path written) and encoding them is half the run, and a run of
// one page leaves the second core idle: the matches are cut into chunks, every other chunk is built and encoded on a
// second thread, and the main thread writes the chunks in order. Only encoded bytes cross between the threads.
import HTML5
import Threads
import Toolbox

/// Builds a page's records on the main thread and a second one.
enum TreeRecordThread {
    /// Pages with less decoded text than this build their records on one thread: a thread costs more than it saves.
    static let minimumPageSize = 1 << 20

    /// Matches per chunk: enough that handing one over is rare, few enough that the first comes soon.
    static let chunkSize = 1024

    /// Gives every match's records, in document order, to `emit` (the main thread's chunks) and `emitEncoded` (the
    /// second thread's). False when no thread could be started: nothing was given then, and the caller builds the
    /// records itself.
    static func run(
        _ page: TreePage, matches: [Int], builder: NodeRecordBuilder, emit: (NodeRecord) throws -> Void,
        emitEncoded: (EncodedRecords) throws -> Void
    ) throws -> Bool {
        let tree = page.tree
        let pipeline: WorkerPipeline<Range<Int>, EncodedRecords>
        do {
            pipeline = try WorkerPipeline(capacity: 2) { pipeline in
                // Its own page: the caches of names, paths and positions are not shared between threads.
                let page = TreePage(tree)
                var encoder = RecordBatchEncoder()
                while let range = pipeline.next() {
                    for node in matches[range] {
                        _ = builder.records(for: TreeNode(page: page, node: node)) { record in
                            encoder.add(record)
                            return true
                        }
                    }
                    guard pipeline.emit(encoder.take()) else { return }
                }
            }
        } catch {
            return false
        }
        defer { pipeline.cancel() }
        let chunks = (matches.count + chunkSize - 1) / chunkSize
        func range(_ chunk: Int) -> Range<Int> { chunk * chunkSize..<min((chunk + 1) * chunkSize, matches.count) }
        var ready: [EncodedRecords] = []
        // The second thread's chunks are the odd ones; it is kept two ahead.
        var nextSent = 1
        var sentLimit = 3
        func feed() {
            while nextSent < chunks && nextSent <= sentLimit {
                pipeline.send(range(nextSent)) { ready.append($0) }
                nextSent += 2
            }
        }
        feed()
        for chunk in 0..<chunks {
            if chunk.isMultiple(of: 2) {
                for node in matches[range(chunk)] {
                    _ = try builder.records(for: TreeNode(page: page, node: node)) { record in
                        try emit(record)
                        return true
                    }
                }
            } else {
                if ready.isEmpty { pipeline.waitForOutput { ready.append($0) } }
                guard !ready.isEmpty else { throw ToolError("the thread that builds records stopped") }
                try emitEncoded(ready.removeFirst())
            }
            sentLimit = chunk + 4
            feed()
        }
        return true
    }
}
