// One page streamed on tb's own parser, from its decoded text to its records: the parser grows the tree
// (HTMLTreeStream), the walk finds the matches that are final (StreamWalk), and each becomes its records as tree
// mode builds them — URLs resolved against the <base href> of the head, which the walk reaches before any match
// after it.
import HTML5
import Toolbox

/// The records of one page, as its text arrives.
final class PageStream {
    private let settings: HTMLSettings
    private let stream = HTMLTreeStream()
    private let walk: StreamWalk
    private var builder: NodeRecordBuilder
    /// The page's own URL, which relative URLs resolve against when the page has no <base href>.
    var documentURL: String? {
        didSet {
            if settings.base == nil { builder = builder.resolving(against: documentURL) }
        }
    }

    init(settings: HTMLSettings, selectors: SelectorList, name: String, documentURL: String?) {
        self.settings = settings
        self.documentURL = documentURL
        builder = NodeRecordBuilder(
            settings: settings, source: JSONText(name), urls: PageURLs(base: settings.base ?? documentURL))
        walk = StreamWalk(stream: stream, selectors: selectors, writesPaths: settings.showsPath)
        walk.enteringHead = { [unowned self] tree in
            guard self.settings.base == nil else { return }
            let base = PageWork.treeBase(tree, url: self.documentURL) ?? self.documentURL
            self.builder = self.builder.resolving(against: base)
        }
    }

    /// Parses the next piece of the text and gives `emit` the records now final, until it returns false; says
    /// whether it did not.
    func feed(_ text: Span<UInt8>, _ emit: (NodeRecord) throws -> Bool) rethrows -> Bool {
        guard !text.isEmpty else { return true }
        stream.feed(text)
        let going = try printFinal(emit)
        walk.dropPassed()
        return going
    }

    /// Ends the page: gives `emit` the remaining records. Says whether the parser reached its limit on re-created
    /// elements (PageWork.reopeningWarning).
    func finish(_ emit: (NodeRecord) throws -> Bool) rethrows -> Bool {
        let limitReached = stream.finish().limitReached
        _ = try printFinal(emit)
        return limitReached
    }

    private func printFinal(_ emit: (NodeRecord) throws -> Bool) rethrows -> Bool {
        try walk.run { node in try self.builder.records(for: node, emit) }
    }
}
