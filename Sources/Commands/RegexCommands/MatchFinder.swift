// The matching side of tb regex, run on its own thread: it gets the input of one source in pieces and finds the
// matches, as one subject (a match may span lines; `SubjectSearch`) or line by line with --lines (`LineSearch`). Both
// slide a `MatchWindow` over the input; this only picks one and hands it the pieces, a switch per piece, so the loops
// per match and per line are the strategies' own, each compiled for its strategy and its matcher.
import Toolbox

/// Finds the matches of one source and hands them on in batches, one per piece of input.
final class MatchFinder {
    /// The PCRE2 matchers, which a later finder on the same thread may reuse.
    let matchers: PatternMatchers
    private let search: Search

    /// The two strategies.
    private enum Search {
        case lines(LineSearch)
        case subject(SubjectSearch)
    }

    /// `matchers`: those of an earlier finder on this thread, to reuse (making them maps a JIT stack each time).
    init(
        settings: RegexSettings, name: String, matchers: PatternMatchers? = nil,
        emit: @escaping (MatchBatch) -> Bool
    ) throws(ToolError) {
        let window = try MatchWindow(settings: settings, name: name, matchers: matchers, emit: emit)
        self.matchers = window.matchers
        search = settings.lineMode ? .lines(LineSearch(window)) : .subject(SubjectSearch(window))
    }

    /// Takes the next piece of input; false once no more is wanted.
    func feed(_ bytes: [UInt8]) throws -> Bool {
        switch search {
        case .lines(let lines): try lines.feed(bytes)
        case .subject(let subject): try subject.feed(bytes)
        }
    }

    /// The input ended: the rest is searched as the end of the subject, or as the last line.
    func finish() throws {
        switch search {
        case .lines(let lines): try lines.finish()
        case .subject(let subject): try subject.finish()
        }
    }
}
