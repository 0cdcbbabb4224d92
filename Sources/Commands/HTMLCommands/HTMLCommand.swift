// tb html [options] SELECTOR [SOURCE...]: the nodes of HTML pages that a CSS selector or an XPath expression picks,
// parsed the way browsers parse (tb's own HTML5 parser and tree, CSS matched on it natively), streamed in flat memory
// when the selector allows.
import POSIX
import Toolbox

/// Selects nodes from HTML.
public struct HTMLCommand: Command {
    static let xpath = Option<String>(
        "xpath", value: "EXPR", help: "select with an XPath 1.0 expression instead of a CSS selector")
    static let parser = Option<HTMLParserChoice>(
        "parser", value: "NAME",
        help: "html5 (tb's own HTML5 parser, as browsers parse; also spelled tb) or libxml2 (HTML4 rules)",
        default: .html5)
    static let stream = Flag(
        "stream", help: "stream, or refuse a selector that needs the whole tree (naming the part that does)",
        conflicts: [xpath])
    static let tree = Flag(
        "tree", help: "build the whole tree before matching, even for a selector that streams", conflicts: [stream])
    static let attr = Option<String>(
        "attr", short: "a", value: "NAME", help: "print this attribute's value (once per node that has it)",
        repeatable: true)
    static let text = Option<HTMLTextMode>(
        "text", short: "t", value: "MODE",
        help: "print the text: content (as it is), normalized (white space collapsed) or inner (as rendered)",
        bare: .content, conflicts: [attr])
    static let html = Flag("html", help: "fill html with the node's outer HTML")
    static let innerHTML = Flag("inner-html", help: "fill html with the node's inner HTML", conflicts: [html])
    static let extract = Option<String>(
        "extract", short: "e", value: "NAME=SUB",
        help: "a named field of each node from a sub-selector: NAME=SEL (text), NAME=SEL@ATTR, NAME=SEL[] (a list), "
            + "NAME=@ATTR (the node's own)",
        repeatable: true)
    static let first = Flag("first", help: "only the first node of each source")
    static let limit = Option<Int>(
        "limit", short: "n", help: "at most N nodes of each source", range: 1..., conflicts: [first])
    static let base = Option<String>("base", value: "URL", help: "resolve relative URLs against URL")
    static let rawURLs = Flag(
        "raw-urls", help: "keep URLs as written instead of making them absolute", conflicts: [base])
    static let encoding = Option<String>(
        "encoding", value: "NAME", help: "the page's character encoding, whatever the page and server say")
    static let selector = Positional(
        "SELECTOR", help: "a CSS selector (with --xpath, the first SOURCE instead)", arity: .optional)
    static let sources = Positional(
        "SOURCE", help: "URLs, files, - for stdin (the default unless a terminal), or @bookmarks", arity: .zeroOrMore,
        completion: .sources)

    public static let commandName = "html"
    public static let spec = CommandSpec(
        name: commandName, abstract: "select nodes from HTML pages with CSS selectors or XPath",
        discussion: """
            Parses each page the way a browser does, with tb's own HTML5 parser — the standard's tokenizer and \
            tree construction (tables get their tbody, a <p> ends before a <section>, <title> holds text, SVG and \
            MathML keep their names and namespaces; scripting off: <noscript> holds markup), in time linear in any \
            page — into a compact tree on which the selector is matched natively, right to left as browsers \
            match. With --xpath the tree is built as a libxml2 document instead, whose XPath engine evaluates the \
            expression. --parser libxml2 uses libxml2's own HTML4 parser and XPath, not what browsers build. Many \
            sources are read in one call: URLs fetched concurrently, local files parsed on every core (one of 8 MiB or more streamed in its turn), records in \
            the order of the pages.

            Selectors: CSS Selectors Level 3 in full (type, universal, class, id, every attribute operator, \
            descendant, >, + and ~, :nth-child(an+b) and the other structural pseudo-classes, :empty, :root, \
            :not()), and from Level 4 :has() with relative selectors (:has(> a), :has(+ p)), :is(), :where(), \
            :not() of lists, [attr=v i], :checked, :disabled, :enabled, :required and :optional; and \
            :contains("text"). Type selectors ignore case for HTML elements and match SVG ones exactly \
            (foreignObject). With --xpath, an XPath 1.0 expression is used as it is: it may select attributes and \
            text, or compute a value (count(//a)). Its prefixes: svg, math, xlink.

            One node record per match, in document order, nested matches included. attributes holds every \
            attribute, decoded; href, src, action, formaction, poster, cite, data, background, xlink:href and each \
            srcset candidate are made absolute against --base, else the <base href> in the page's head, else the \
            URL the page came from (after redirects) or the file's file:// URL, with spaces and non-ASCII \
            percent-encoded as browsers do (--raw-urls keeps them as written). text is the text inside with white space collapsed; \
            value is what --attr or --text asked for, and attribute the name of the attribute it is (with --attr, \
            or an attribute --xpath selected: with -a href -a title it says which of the two each record holds); \
            html is filled by --html or --inner-html (serialized as the HTML standard says); path is an XPath that \
            finds the node again.

            Fields, with --extract NAME=SUB (repeatable): each record gets fields, an object with one value per \
            NAME, in the order given, from a sub-selector matched among the node's descendants (not the node \
            itself; the rest of the page is still its context, as element.querySelectorAll matches): NAME=SEL the \
            text of the first match, white space collapsed; NAME=SEL@ATTR the attribute of the first match that \
            has it (URLs made absolute, as --attr); NAME=SEL[] or NAME=SEL@ATTR[] every match's, a list ([] when \
            none); NAME=@ATTR the node's own attribute. A single value that nothing gives is null. A name is a \
            letter or _, then letters, digits, _ or -. --fields fields.NAME and templates (%(fields.NAME)) reach \
            each; TSV gives each a column, in --extract order, in place of fields; the table shows them alone \
            (with the source when there are several). The records stream when the selector and every \
            sub-selector can (a sub-selector's :contains() or :empty only in its last compound), else the tree is \
            built; --stream refuses, naming the part. Not with --parser libxml2 --stream.

            Encodings, as browsers sniff them: a byte order mark, the HTTP charset, a <meta> in the first 1024 \
            bytes, else UTF-8 when the bytes read as UTF-8, else windows-1252; --encoding decides instead. Text is \
            converted to UTF-8, bad bytes becoming U+FFFD.

            Streaming, by default: a selector made of type, universal, id, class and attribute selectors, \
            descendant and child combinators, :root, :first-child, :nth-child(), :first-of-type, :nth-of-type(), \
            :empty, :contains() and :not(), :is(), :where() of those is matched while the page is parsed, and each \
            match is printed as soon as it is final — closed, and where the parser can no longer move it — in flat \
            memory: the records, and their order, are the tree's. A match waits while the parser may still change \
            it: inside an open formatting element (b, i, a, font…), table or select, which the standard's tree \
            construction may still rearrange, or with an outer match still open (outer matches print first). \
            Other selectors, and --tree, build the whole tree first; --stream refuses them, naming the part that \
            needs the tree. Two differences remain: a second <html> or <body> tag adds its attributes to that \
            element, and a selector that tests them on an ancestor (body.home a) sees them only from there on; and \
            on a page that reopens formatting elements past the parser's limit (tb warns), the limit is reached \
            at another point than in the whole tree, whose size is known at the start.

            With --parser libxml2, --stream streams on libxml2's HTML4 parser instead, in flat memory, with the \
            same selectors but :empty and :contains(); the tree is libxml2's HTML4 one (no implied tbody, SVG \
            names in lower case).
            """,
        options: [
            xpath, parser, stream, tree, attr, text, html, innerHTML, extract, first, limit, base, rawURLs, encoding,
        ]
            + InputOptions.all,
        positionals: [selector, sources],
        records: [NodeRecord.schema],
        examples: [
            Example("tb html body page.html --html", "The page's body, as HTML."),
            Example("tb html a https://example.org/", "Every link of a page."),
            Example("tb html -a href 'a[href]' https://example.org/ --json | jq -r .value", "Their absolute URLs."),
            Example("tb html 'article:has(> h2) p:first-of-type' --text=normalized page.html", "First paragraphs."),
            Example("tb html --xpath 'count(//img[not(@alt)])' page.html", "Images without alt text, counted."),
            Example(
                "tb html tr.product -e name=td.name -e price=td.price -e link=a@href -e 'tags=li.tag[]' shop.html",
                "A record per product, its fields named."),
            Example("tb html 'a[href]' -a href huge.html", "Links of a page too large to hold, streamed."),
            Example("tb html --stream 'td:contains(\"total\")' report.html", "Streamed, or refused if it cannot."),
        ],
        exitStatuses: [ExitStatusNote(.negative, "nothing matched")])

    let settings: HTMLSettings
    let input: InputSettings
    let sourceNames: [ArgumentWord]

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        var settings = HTMLSettings()
        var sourceNames = arguments.positionalWords(Self.sources)
        if let expression = try arguments.value(Self.xpath) {
            settings.query = .xpath(expression)
            if let first = arguments.positionalWord(Self.selector) { sourceNames.insert(first, at: 0) }
        } else {
            guard let text = arguments.positional(Self.selector) else { throw UsageError("missing SELECTOR") }
            let selectors: SelectorList
            do {
                selectors = try SelectorList(parsing: text)
            } catch {
                throw UsageError("bad selector '\(text)': \(error.message)")
            }
            settings.query = .css(selectors)
        }
        settings.parser = try arguments.valueOrDefault(Self.parser)
        settings.stream = arguments.flag(Self.stream)
        settings.extract = try ExtractField.all(arguments.values(Self.extract))
        if case .css(let selectors) = settings.query {
            if settings.parser == .libxml2 {
                if settings.stream, !settings.extract.isEmpty {
                    throw UsageError("--extract with --parser libxml2 needs the tree: leave out --stream")
                }
                if settings.stream, case .failure(let error) = selectors.streamable { throw UsageError(error.message) }
            } else {
                if let refusal = Self.streamRefusal(selectors, extract: settings.extract) {
                    if settings.stream { throw UsageError(refusal) }
                } else {
                    settings.walks = !arguments.flag(Self.tree)
                }
            }
        }
        settings.attributes = try arguments.values(Self.attr)
        settings.textMode = try arguments.value(Self.text)
        settings.htmlPart = arguments.flag(Self.html) ? .outer : arguments.flag(Self.innerHTML) ? .inner : nil
        settings.limit = arguments.flag(Self.first) ? 1 : try arguments.value(Self.limit)
        settings.base = try arguments.value(Self.base)
        settings.rawURLs = arguments.flag(Self.rawURLs)
        if let encoding = try arguments.value(Self.encoding) {
            guard HTMLEncoding.labelled(encoding) != nil else {
                throw UsageError("unknown encoding '\(encoding)' for --encoding")
            }
            settings.encoding = encoding
        }
        self.settings = settings
        input = try InputSettings(arguments)
        // Standard input is the default SOURCE only when something is piped in: on a terminal it would be a silent
        // wait on the keyboard.
        if sourceNames.isEmpty && FileDescriptor.standardInput.isTerminal {
            throw UsageError("missing SOURCE (standard input is a terminal; give - to read it)")
        }
        self.sourceNames = sourceNames.isEmpty ? [ArgumentWord("-")] : sourceNames
    }

    /// Why tb's own parser cannot stream `selectors` with the sub-selectors of `extract`, naming the part that needs
    /// the tree; nil when it can.
    static func streamRefusal(_ selectors: SelectorList, extract: [ExtractField]) -> String? {
        do {
            try WalkMatcher.check(selectors.selectors)
        } catch {
            return error.message
        }
        for field in extract {
            guard let sub = field.selectors else { continue }
            do {
                try WalkMatcher.check(sub: sub.selectors)
            } catch {
                return "--extract \(field.name): " + error.shifted(by: field.name.unicodeScalars.count + 1).message
            }
        }
        return nil
    }

    /// Whether `source` is a file too large to hold whole beside the pages the pool holds.
    static func isLarge(_ source: Source) -> Bool {
        guard source.kind == .file, let status = try? FileSystem.status(of: source.name) else { return false }
        return status.size >= 8 << 20
    }

    public func run(_ context: Context) throws -> ExitStatus {
        if sourceNames.count > 1 { context.output.showInTable(["source"], of: NodeRecord.self) }
        // One --attr names what every value is; with more, or an XPath expression that selects attributes, the rows say.
        if settings.attributes.count > 1 || settings.query.isXPath {
            context.output.showInTable(["attribute"], of: NodeRecord.self)
        }
        // With --extract the user named the columns: the table shows those (and where each row came from).
        if !settings.extract.isEmpty {
            context.output.showOnlyInTable((sourceNames.count > 1 ? ["source"] : []) + ["fields"], of: NodeRecord.self)
        }
        // The value is what was asked for: whole before the path beside it grows.
        context.output.widenFirst(["value"], of: NodeRecord.self)
        System.disableFastBins()
        let query = try PreparedQuery(settings.query, parser: settings.parser, extract: settings.extract)
        let tally = MatchTally()
        var settings = settings
        // (A table of --extract fields shows neither: they are not worked out for it.)
        settings.showsText = context.output.shows("text", in: NodeRecord.self)
        settings.showsPath = context.output.shows("path", in: NodeRecord.self)
        // Many pages in tree mode: parsed on every core.
        let pool =
            settings.stream || sourceNames.count < 2
            ? nil
            : try PagePool(
                workers: System.processorCount, settings: settings, query: query, context: context, tally: tally)
        let summary = try InputReader(context: context, settings: input).read(sourceNames) { [settings] source in
            if settings.stream && settings.parser == .libxml2 {
                return try StreamPrinter(
                    settings: settings, query: query, context: context, source: source, tally: tally)
            }
            // Local files of a run with many go to the pool, whose trees are built on every core; a large one
            // streams, in its turn.
            if settings.walks, case .css(let selectors) = settings.query,
                pool == nil || source.kind != .file || Self.isLarge(source)
            {
                return TreeStreamPrinter(
                    settings: settings, selectors: selectors, context: context, source: source, tally: tally,
                    after: pool)
            }
            return PagePrinter(
                settings: settings, query: query, context: context, source: source, tally: tally, pool: pool)
        }
        try pool?.finish()
        if summary.failed > 0 || tally.failed > 0 { return .failure }
        return tally.count > 0 ? .success : .negative
    }
}
