// One page streamed on tb's own parser, from its decoded text to its records: the parser grows the tree
// (HTMLTreeStream), the walk finds the matches that are final (StreamWalk), and each becomes its records as tree
// mode builds them — URLs resolved against the <base href> of the head, which the walk reaches before any match
// after it. The records are built here, or, given a way to print encoded records, on a second core
// (StreamRecordThread) once the page has had a batch of matches: a small page's few are built sooner than a thread
// starts.
import HTML5
import POSIX
import Toolbox

/// The records of one page, as its text arrives.
final class PageStream {
    private let settings: HTMLSettings
    private let stream = HTMLTreeStream()
    private let walk: StreamWalk
    private var builder: NodeRecordBuilder
    private var thread: StreamRecordThread?
    /// How the second thread prints, until it starts; nil when records are built here only.
    private var printEncoded: ((EncodedRecords) throws -> Void)?
    /// Matches whose records were built here.
    private var builtHere = 0
    /// The page's own URL, which relative URLs resolve against when the page has no <base href>.
    var documentURL: String? {
        didSet {
            if settings.base == nil { builder = builder.resolving(against: documentURL) }
        }
    }

    /// `printEncoded`, when the output takes records encoded apart, and every record is printed (no --limit):
    /// they may then be built on a second thread.
    init(
        settings: HTMLSettings, selectors: SelectorList, name: String, documentURL: String?,
        printEncoded: ((EncodedRecords) throws -> Void)? = nil
    ) {
        self.settings = settings
        self.documentURL = documentURL
        builder = NodeRecordBuilder(
            settings: settings, source: JSONText(name), urls: PageURLs(base: settings.base ?? documentURL))
        walk = StreamWalk(
            stream: stream, selectors: selectors, subs: settings.extract.map(\.selectors),
            writesPaths: settings.showsPath)
        self.printEncoded = settings.limit == nil && System.processorCount > 1 ? printEncoded : nil
        walk.enteringHead = { [unowned self] tree in
            guard self.settings.base == nil else { return }
            let base = PageWork.treeBase(tree, url: self.documentURL) ?? self.documentURL
            self.builder = self.builder.resolving(against: base)
        }
    }

    /// Parses the next piece of the text and gives `emit` the records now final, until it returns false; says
    /// whether it did not.
    func feed(_ text: Span<UInt8>, _ emit: (NodeRecord) throws -> Bool) throws -> Bool {
        guard !text.isEmpty else { return true }
        stream.feed(text)
        let going = try printFinal(emit)
        if let thread, walk.wouldDrop || thread.pending.count >= StreamRecordThread.batchSize {
            try thread.send(stream.tree, builder: builder)
        }
        if thread == nil, let print = printEncoded, builtHere >= StreamRecordThread.batchSize {
            // Without a thread (none could be started), the records go on being built here.
            thread = StreamRecordThread(print: print)
            printEncoded = nil
        }
        walk.dropPassed()
        return going
    }

    /// Prints every record found so far (before the input waits for more).
    func printAll() throws {
        guard let thread else { return }
        try thread.send(stream.tree, builder: builder)
        try thread.printAll()
    }

    /// Ends the page: gives `emit` the remaining records. Says whether the parser reached its limit on re-created
    /// elements (PageWork.reopeningWarning).
    func finish(_ emit: (NodeRecord) throws -> Bool) throws -> Bool {
        let limitReached = stream.finish().limitReached
        _ = try printFinal(emit)
        try printAll()
        return limitReached
    }

    private func printFinal(_ emit: (NodeRecord) throws -> Bool) throws -> Bool {
        if let thread {
            return walk.run { node, path in
                thread.add(node, path: path, found: walk.matches(below: node))
                return true
            }
        }
        // The page shares the stream's storage: it is gone before the stream next changes the tree.
        var page: TreePage?
        return try walk.run { node, path in
            let current = page ?? TreePage(stream.tree)
            page = current
            builtHere += 1
            let found = walk.matches(below: node).map { nodes in
                nodes.map { StreamNode(node: TreeNode(page: current, node: $0), path: "") }
            }
            return try builder.records(
                for: StreamNode(node: TreeNode(page: current, node: node), path: path), found: found, emit)
        }
    }
}
