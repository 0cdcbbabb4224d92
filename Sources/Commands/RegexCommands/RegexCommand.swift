// tb regex PATTERN [SOURCE...]: PCRE2 matches as records, over files, directories, stdin, URLs and gzip, in bounded
// memory.
import PCRE2
import POSIX
import Toolbox

/// Runs a PCRE2 pattern over sources.
public struct RegexCommand: Command {
    static let caseless = Flag("ignore-case", short: "i", help: "match letters of either case")
    static let dotAll = Flag(
        "dot-all", short: "s",
        help: "let . match newlines too (not rg's -s, --case-sensitive: matching is case-sensitive unless -i or -S)")
    static let extended = Flag(
        "extended", help: "ignore white space and #-comments in the pattern ((?x) at its start does the same)")
    static let unicode = Flag(
        "unicode", help: "match bytes, not UTF-8: \\w and case folding know only ASCII ((*UTF) turns UTF-8 on)",
        default: true)
    static let fixed = Flag(
        "fixed-strings", short: "F", help: "take the patterns as literal strings: no character is special")
    static let word = Flag(
        "word-regexp", short: "w", help: "match whole words only: no word character just before or after a match")
    static let wholeLine = Flag("line-regexp", short: "x", help: "match whole lines only (wins over -w)")
    static let regexps = Option<String>(
        "regexp", short: "e", value: "PATTERN",
        help: "a pattern; repeat it for more, any of which matches (every positional is then a SOURCE)",
        repeatable: true)
    static let patternFiles = Option<String>(
        "file", short: "f", value: "FILE",
        help: "the patterns in FILE, one per line, at most \(FileReadError.size(PatternList.fileLimit)) (an empty file "
            + "matches nothing; every positional is a SOURCE)",
        repeatable: true, completion: .files)
    static let lines = Flag("lines", help: "match each line on its own, as grep does (faster; no match spans lines)")
    static let first = Flag("first", help: "stop reading each source at its first match")
    static let maxCount = Option<Int>(
        "max-count", short: "m", value: "N",
        help: "stop reading each source after N lines with matches (all of their matches)", range: 1...)
    static let count = Flag(
        "count", short: "c", help: "print one count record per source (lines with matches, and matches) instead")
    static let includeZero = Flag(
        "include-zero", help: "with --count, a count record for every file of a directory, those without matches too")
    static let group = Option<String>("group", value: "N|NAME", help: "report this group instead of the whole match")
    static let replace = Option<String>(
        "replace", short: "r", value: "TEMPLATE",
        help: "fill in TEMPLATE for each match ($1, ${2}, $name, ${name}, $$) as its replacement field",
        conflicts: [count])
    static let invert = Flag(
        "invert-match", short: "v", help: "select the lines that do not match, as line records (implies --lines)",
        conflicts: [group, replace])
    static let after = Option<Int>(
        "after-context", short: "A", value: "N",
        help: "show N lines after each selected line as context records (implies --lines)", range: 0...,
        conflicts: [count])
    static let before = Option<Int>(
        "before-context", short: "B", value: "N",
        help: "show N lines before each selected line as context records (implies --lines)", range: 0...,
        conflicts: [count])
    static let context = Option<Int>(
        "context", short: "C", value: "N",
        help: "show N lines before and after each selected line (-A and -B win over it; implies --lines)",
        range: 0..., conflicts: [count])
    static let filesWithMatches = Flag(
        "files-with-matches", short: "l",
        help: "print a source record for each source that matches, read up to its match",
        conflicts: [count, replace, after, before, context])
    static let filesWithoutMatch = Flag(
        "files-without-match", help: "print a source record for each source that does not match",
        conflicts: [count, replace, after, before, context, filesWithMatches])
    static let maxMatchSize = Option<Int>(
        "max-match-size", value: "BYTES", help: "the longest match (or line, with --lines) that can be found",
        default: 4 << 20, range: 1...(1 << 30))
    static let hidden = Flag("hidden", help: "in directories, search hidden files and directories too")
    static let noIgnore = Flag("no-ignore", help: "in directories, search what .gitignore and .ignore files ignore too")
    static let binary = Flag(
        "binary", short: "a", help: "in directories, search binary files (a NUL byte in their first 64 KiB) too")
    static let noDecompress = Flag(
        "no-decompress",
        help: "read gzip, xz, bzip2 and zstd data as its bytes (in directories, such files are then binary as a rule)")
    static let glob = Option<String>(
        "glob", short: "g", value: "GLOB",
        help: "in directories, search only the files GLOB matches, or with !GLOB not those (repeatable)",
        repeatable: true)
    static let follow = Flag("follow", short: "L", help: "in directories, follow symbolic links")
    static let smartCase = Flag(
        "smart-case", short: "S",
        help: "match without regard to case when no pattern has an uppercase letter of its own, as rg -S decides it "
            + "(\\W, \\p{Lu} and group names do not count; -i wins over it)")
    static let onlyMatching = Flag(
        "only-matching", short: "o",
        help: "accepted for grep and rg users, changes nothing: every match is a record of its own anyway")
    static let types = Option<String>(
        "type", short: "t", value: "TYPE",
        help: "in directories, search only files of TYPE, one of ripgrep's that --type-list lists, or all (repeatable)",
        repeatable: true, completion: .values(FileType.names))
    static let typesNot = Option<String>(
        "type-not", short: "T", value: "TYPE",
        help: "in directories, do not search files of TYPE (see --type-list; wins over -t; repeatable)",
        repeatable: true, completion: .values(FileType.names))
    static let maxDepth = Option<Int>(
        "max-depth", value: "N",
        help: "in directories, descend at most N levels: 0 searches only the SOURCEs named, 1 their entries too",
        range: 0...)
    static let files = Flag(
        "files", help: "print a source record for each file a search would read, reading none (no PATTERN)",
        conflicts: [regexps, patternFiles, count])
    static let typeList = Flag(
        "type-list", help: "print a type record (name, globs) for each file type -t and -T take, and nothing else",
        conflicts: [files])
    static let pcre2 = Flag(
        "pcre2", short: "P", help: "accepted for grep and rg users, changes nothing: tb's patterns are PCRE2 anyway")
    static let spanLines = Flag(
        "multiline", short: "U",
        help: "accepted for rg users, changes nothing: matches span lines already where the pattern lets them, and ^ "
            + "and $ match at every line")
    static let lineNumber = Flag(
        "line-number", short: "n",
        help: "accepted for grep and rg users, changes nothing: match and line records carry their line number")
    static let searchZip = Flag(
        "search-zip", short: "z",
        help: "accepted for rg users, changes nothing: gzip, xz, bzip2 and zstd are decompressed anyway, in "
            + "directories too")
    static let extendedRegexp = Flag(
        "extended-regexp", short: "E",
        help: "grep's -E, accepted and changing nothing: tb's patterns are PCRE2 (not rg's -E ENCODING: tb regex "
            + "reads UTF-8, or bytes with --no-unicode)")
    /// ripgrep's and grep's flags that came after the others, listed after them.
    static let ripgrepOptions: [any OptionDeclaration] = [
        smartCase, onlyMatching, types, typesNot, maxDepth, files, typeList, pcre2, spanLines, lineNumber, searchZip,
        extendedRegexp,
    ]
    static let pattern = Positional(
        "PATTERN", help: "a PCRE2 regular expression (a SOURCE when -e or -f gives the patterns)", arity: .optional)
    static let sources = Positional(
        "SOURCE",
        help: "files, directories, URLs, - for stdin, or @bookmarks (default: stdin, or . when stdin is a terminal)",
        arity: .zeroOrMore,
        completion: .sources)

    public static let commandName = "regex"
    public static let spec = CommandSpec(
        name: commandName, abstract: "find PCRE2 matches in files, URLs and streams",
        discussion: """
            The whole input is the subject: a match can cross lines where the pattern lets it ((?s), \\n, \\s). ^ \
            and $ match at every line, as in grep and ripgrep (PCRE2_MULTILINE is always on; (?-m) turns it off), \
            $ before a \\n only (x$ does not match x\\r\\n, as in grep and in rg without --crlf), and \\A and \\z \
            anchor the whole input. The input is read in pieces in bounded memory; matches that cross the pieces \
            are found exactly (PCRE2's partial matching and the pattern's longest lookbehind say how much to keep), \
            and a single match longer than --max-match-size is an error. --lines matches each line on its own \
            instead, like grep: each line (with the \\r of a \\r\\n, without the \\n) is then a subject of its own, \
            so \\A and \\z match at each line's ends, as in rg and grep -P.

            --count prints one count record per source instead of the matches: lines, the number of lines in which \
            a match starts (grep -c, rg -c; a match that crosses lines counts the line it starts in, once however \
            many start there), and matches, the number of matches (rg --count-matches); with -v, lines is the \
            number of lines selected and matches is null. A source named on the command line (a file, -, a URL) \
            always has its count record, 0 included, as in grep; a file found in a directory has one only when it \
            matched, as in rg, and every file with --include-zero. --max-count N stops reading a source after N \
            lines with matches, counting all of their matches, as grep and rg do; --first stops at the first match. \
            No line follows an input's last newline, so an empty match there (\\z, $ or an empty pattern) is not \
            reported, nor one in an empty input. Empty matches are otherwise PCRE2's: one may directly follow a \
            match (x* finds x, then an empty match after it, in xa), where rg skips it.

            Patterns are PCRE2 with its JIT, UTF-8 and Unicode properties (so \\w matches é): see pcre2pattern(3). \
            Inline flags work, (?si) for example. Invalid UTF-8 in the input never stops a search: the valid \
            text around it still matches, and printed text has U+FFFD in its place. Offsets and lengths are in \
            bytes of the input, so a program can find the exact bytes again. With --no-unicode the pattern and the \
            input are bytes: the pattern is taken byte for byte as the shell passed it (a Latin-1 é is \\xe9), and \
            (*UTF) in a pattern turns UTF-8 on again, as safely as without --no-unicode. Matches are the same \
            whatever the pieces the input is read in: \\G, empty matches and ^ and $ at piece ends included.

            As in grep, -e gives a pattern (repeat it: a match of any of them counts) and -f a file of patterns, one \
            per line; every positional is then a SOURCE. The -e patterns come first, then the files'. Several \
            patterns are joined as (?:p1)|(?:p2), so their groups are numbered through all of them in order (the \
            first pattern's groups are 1 to n, the second's follow): that is what groups, --group N and --replace \
            see, and names (--group NAME, ${name}) are the way to pick a group whichever pattern matched. Verbs such \
            as (*UTF) at the start of a pattern apply to all of them; inline flags such as (?i) to their own \
            pattern only. -F takes each pattern as a literal string, -w as a whole word ((?<!\\w)(?:…)(?!\\w), \
            as rg does) and -x as a whole line.

            With --lines every match record has its whole line as its text field. The text of a line (of match, \
            line and context records) never has its terminator, \\n or the \\r\\n of CRLF input, while offsets stay \
            those of the input. -v selects the lines that do not match instead, each as a line record (source, \
            line, offset, text; --count counts them, as grep -vc does), and -A, -B and -C show the lines around \
            each selected line as context records, in line order and each line once however the contexts overlap \
            (there is no separator record: the line numbers tell where a gap is; --template '%(type) %(line)' \
            tells context from the rest). After --max-count, the lines after the last selected one are still \
            shown, as grep does. Since grep users expect them to work on lines, -v, -A, -B and -C imply --lines. \
            -l prints one source record per source that matches, read only up to its first match; \
            --files-without-match one per source that does not (its status is 0 when it lists one).

            Sources are read like every tb command's: files and - in order, then URLs (http, https, ftp, file) all \
            at once; gzip, xz, bzip2 and zstd are decompressed on the fly whatever the source (--no-decompress reads \
            their bytes). Catastrophic backtracking ((a+)+$ on a long line) ends in an error instead of a hang.

            A directory is searched recursively, as ripgrep searches it, on a thread per core, and printed in the \
            order of `rg --sort path`: each directory's names sorted by their bytes, depth first. Each file's source \
            is the directory as given joined with the path under it (logs/a/b.log). Left out, unless an option says \
            otherwise: hidden files and directories (a name starting with .; --hidden), what .ignore and .gitignore \
            files ignore (--no-ignore; .gitignore only inside a git repository, that is below a directory holding \
            .git; the files of the directories above the one searched count too), binary files (a NUL byte in the \
            first 64 KiB, of what a compressed file decompresses to: compressed files are searched decompressed, as \
            rg -z searches them; --binary, and one line on stderr says how many were skipped) and symbolic links \
            (--follow, which reports a link back to a directory it is in once and does not follow it). The ignore \
            rules are git's: blank lines and # comments skipped, ! brings back, a trailing / matches directories \
            only, a glob with a / elsewhere is relative to the ignore file's directory (a leading / anchors only), \
            one without matches the name at any depth; *, ?, [a-z], [!a-z], **/, /**/ and a final /**, \\ escapes. \
            The nearest .ignore with a matching rule decides, then the nearest .gitignore. An ignore file that is \
            not a regular file (a FIFO, a device) or holds more than \(FileReadError.size(TreeWalk.ignoreFileLimit)) \
            is skipped with a warning. --glob GLOB takes the \
            same globs, relative to the directory searched, before any other rule: only files a GLOB matches are \
            searched, and !GLOB leaves out what it matches; the last that matches decides. A file named on the \
            command line is always searched, whatever these rules say. A file or directory that cannot be read is \
            reported and the search goes on; the exit status is then 2.

            ripgrep's flags are there as rg spells them. -t TYPE searches only the files of one of ripgrep's types \
            (their name matches one of its globs; all is every type), -T TYPE leaves them out, and wins over -t \
            whatever their order, as rg applies every -T after every -t; --glob and the ignore files decide before \
            them, and a type brings a hidden file in as a ! rule does. The types are ripgrep \
            \(FileTypeTable.ripgrepVersion)'s default ones: --type-list prints them, one type record each (name, \
            globs), as NDJSON into a pipe and as a table on a terminal. --max-depth N descends N levels at most: 0 is \
            the SOURCEs named alone, 1 their entries too. --files prints a source record for each file a search \
            would read, in the order it would read them, and reads none (so binary files are listed too, as rg \
            --files lists them); it takes no PATTERN, and without a SOURCE lists the current directory. -S \
            (--smart-case) matches without regard to case when the patterns have no uppercase letter, as rg decides \
            it with its default engine: what is not a literal character of a pattern does not count (\\W, \\S, \
            \\p{Lu}, group names, verbs such as (*UTF), inline flags), an escape that stands for a character does \
            (\\x43 is C), and one uppercase letter in any pattern, -f files included, makes them all \
            case-sensitive; -i wins over -S. -m N is --max-count and -g GLOB --glob. -P, -U, -n, -z and grep's -E \
            are accepted and change nothing: the patterns are PCRE2, matches span lines where the pattern lets them, \
            records carry line numbers, and compressed data is decompressed anyway. -o prints only the matched parts in the \
            terminal view (the records are the matches anyway). -s is --dot-all, not rg's --case-sensitive, and -H \
            sets an HTTP header (every record names its source).

            With no SOURCE, stdin is read; when stdin is a terminal, there is nothing to read there, and the \
            current directory is searched instead, as rg searches it: its files are named a/b.txt, without ./ in \
            front.

            On a terminal (and with --format human) the matches print as `rg --heading -n` prints them, byte for \
            byte: each line holding a match once, whole (a \\r before its line break included) with its number \
            and a colon, every line of a match that spans lines, context lines with a dash and -- between groups \
            that do not follow each other, -v's lines with a colon, and the name of each file above its lines \
            when several SOURCEs or a directory are searched (stdin is <stdin>). -c prints the count (path:count \
            with names; a source without a match prints nothing, as in rg, unless \
            --include-zero), -l and --files-without-match the names, and -r \
            the lines with each match replaced. With colour on, rg's: names magenta, line numbers green, matches \
            bold red. --format table is the table of the records, and into a pipe they are NDJSON.
            """,
        options: [
            caseless, dotAll, extended, unicode, fixed, word, wholeLine, regexps, patternFiles, lines, invert, after,
            before, context, first, maxCount, count, includeZero, filesWithMatches, filesWithoutMatch, group, replace,
            maxMatchSize, hidden, noIgnore, binary, noDecompress, glob, follow,
        ] + ripgrepOptions + InputOptions.all,
        positionals: [pattern, sources],
        records: [
            MatchRecord.schema, LineRecord.schema, ContextRecord.schema, CountRecord.schema, SourceRecord.schema,
            FileTypeRecord.schema,
        ],
        examples: [
            Example(#"tb regex '(?i)\bL\w+' notes.txt"#, "Every word starting with L or l, as a table or NDJSON."),
            Example(
                #"tb regex -c 'ERROR' /var/log/app.log.gz"#,
                "Count the lines with ERROR, and the ERRORs, in a compressed log."),
            Example(
                #"tb regex -c '^2025-01' /var/log/dpkg.log --template '%(lines)'"#,
                "The lines of January 2025, as grep -c counts them: ^ matches at every line."),
            Example(
                #"tb regex -c ERROR logs/ --glob '*.log'"#,
                "Count the ERRORs of each .log file under logs that has some, in order, .gitignore'd files left out."),
            Example(
                #"tb regex --lines --first 'TODO' src/*.c --fields source,line"#,
                "The first TODO of each file, with its line."),
            Example(
                #"tb regex -w -F -e 'a.b' -e 'c+d' notes.txt --fields line,text"#,
                "The lines holding the words a.b or c+d taken literally, each line whole."),
            Example(
                #"tb regex -v -c '^#' /etc/fstab"#, "Count the lines that are not comments, as grep -vc does."),
            Example(
                #"tb regex -C 2 panic app.log --template '%(type) %(line) %(text)'"#,
                "Each line with panic and the two lines around it (context records), in line order."),
            Example(#"tb regex -l TODO src/*.c"#, "The files that have a TODO, one source record each."),
            Example(
                #"tb regex '(?<user>\w+)@(?<host>[\w.]+)' -r '${host}' @inbox --template '%(replacement)'"#,
                "The host of every e-mail address in a bookmarked page."),
            Example(
                #"curl -s https://example.org | tb regex '<title>(.*?)</title>' --group 1 --json"#,
                "The page title, from stdin."),
            Example(
                #"tb regex -S -t py -m 1 todo"#,
                "On a terminal: the first todo, TODO or Todo of each Python file under the current directory."),
            Example(
                #"tb regex --files -T js --max-depth 2 src"#,
                "The files tb regex would search in src and one level below, JavaScript left out."),
        ],
        exitStatuses: [ExitStatusNote(.negative, "nothing matched")])

    /// What the arguments say; the patterns are read (-f) and compiled when the command runs, so that a pattern file
    /// that cannot be read is a runtime error (status 2), as any other file is, rather than a usage error.
    let plan: RegexPlan
    let walk: WalkSettings
    let input: InputSettings
    /// The SOURCEs given: none means stdin, or the current directory when stdin is a terminal (as rg).
    let sourceNames: [ArgumentWord]
    /// --files and --type-list: list what would be searched, or the file types, instead of searching.
    let listsFiles: Bool
    let listsTypes: Bool

    public init(_ arguments: ParsedArguments) throws(UsageError) {
        // ^ and $ match at every line, as in grep and rg (which turns (?m) on even for -U); (?-m) turns it off.
        var options: PCRE2Pattern.Options = .multiline
        if arguments.flag(Self.caseless) { options.insert(.caseless) }
        if arguments.flag(Self.dotAll) { options.insert(.dotAll) }
        if arguments.flag(Self.extended) { options.insert(.extended) }
        if arguments.flag(Self.unicode) { options.insert(.unicode) }
        // The patterns' bytes as given: under --no-unicode, bytes of 128 and more that are not UTF-8 stand for
        // themselves; with Unicode, PCRE2 says where a pattern is not valid UTF-8.
        var names = arguments.positionalWords(Self.sources)
        var list = PatternList(
            patterns: [], fixed: arguments.flag(Self.fixed), word: arguments.flag(Self.word),
            line: arguments.flag(Self.wholeLine))
        let files = try arguments.values(Self.patternFiles)
        listsFiles = arguments.flag(Self.files)
        listsTypes = arguments.flag(Self.typeList)
        if listsTypes && (!names.isEmpty || arguments.positionalWord(Self.pattern) != nil) {
            throw UsageError("--type-list takes no PATTERN or SOURCE")
        }
        if listsFiles || listsTypes {
            // Nothing is matched: every positional is a SOURCE.
            if let first = arguments.positionalWord(Self.pattern) { names.insert(first, at: 0) }
        } else if arguments.isPresent(Self.regexps) || !files.isEmpty {
            if let first = arguments.positionalWord(Self.pattern) { names.insert(first, at: 0) }
            list.patterns = arguments.words(Self.regexps).map(\.bytes)
        } else {
            guard let pattern = arguments.positionalWord(Self.pattern) else {
                throw UsageError("missing argument PATTERN")
            }
            list.patterns = [pattern.bytes]
        }
        let maxCount = try arguments.value(Self.maxCount)
        let listing: Listing? =
            arguments.flag(Self.filesWithMatches)
            ? .withMatches : arguments.flag(Self.filesWithoutMatch) ? .withoutMatch : nil
        // Whether a source matches at all is known at its first match.
        let firstOnly = arguments.flag(Self.first) || listing != nil
        let countOnly = arguments.flag(Self.count) || listing != nil
        let invert = arguments.flag(Self.invert)
        let around = try arguments.value(Self.context)
        let before = try arguments.value(Self.before) ?? around ?? 0
        let after = try arguments.value(Self.after) ?? around ?? 0
        // grep is line-based: -v and context lines are about lines, so they mean --lines.
        let lineMode = arguments.flag(Self.lines) || invert || before > 0 || after > 0
        plan = RegexPlan(
            patterns: list, patternFiles: files, options: options, group: try arguments.value(Self.group),
            replacement: try arguments.value(Self.replace), lineMode: lineMode, countOnly: countOnly,
            invert: invert, before: before, after: after, listing: listing, maxCount: maxCount, firstOnly: firstOnly,
            includeZero: arguments.flag(Self.includeZero),
            maxMatchSize: try arguments.valueOrDefault(Self.maxMatchSize),
            smartCase: arguments.flag(Self.smartCase), onlyMatching: arguments.flag(Self.onlyMatching))
        walk = try Self.walkSettings(arguments)
        var input = try InputSettings(arguments)
        input.decompress = walk.decompress
        self.input = input
        sourceNames = names
    }

    private static func walkSettings(_ arguments: ParsedArguments) throws(UsageError) -> WalkSettings {
        var walk = WalkSettings()
        walk.hidden = arguments.flag(hidden)
        walk.noIgnore = arguments.flag(noIgnore)
        walk.binary = arguments.flag(binary)
        walk.decompress = !arguments.flag(noDecompress)
        walk.follow = arguments.flag(follow)
        var rules: [IgnoreRules.Rule] = []
        for text in try arguments.values(glob) {
            do {
                rules += try IgnoreRules(globs: [text]).rules
            } catch {
                throw UsageError("invalid --glob '\(text)': \(error.reason)")
            }
        }
        walk.globs = IgnoreRules(rules: rules)
        walk.types = try FileTypeFilter(select: try arguments.values(types), exclude: try arguments.values(typesNot))
        walk.maxDepth = try arguments.value(maxDepth)
        return walk
    }

    public func run(_ context: Context) throws -> ExitStatus {
        if listsTypes {
            for type in FileTypeTable.types { try context.output.emit(FileTypeRecord(type: type)) }
            return .success
        }
        if listsFiles { return try FileListing(walk: walk, input: input, context: context).run(sourceNames) }
        var settings = try plan.settings()
        let view = RipgrepView(output: context.output, sources: sourceNames.count, settings: settings)
        if view != nil { settings.showsLines = !settings.countOnly }
        var printers: [MatchPrinter] = []
        // `walked`: a file a directory walk found, which has a count record only when it matched.
        let makePrinter: (Source, Bool) throws -> MatchPrinter = { [settings] source, walked in
            let printer = try MatchPrinter(
                settings: settings, output: context.output, name: source.name, walked: walked, view: view)
            printers.append(printer)
            return printer
        }
        let makeHandler: (Source) throws -> any InputHandler = { try makePrinter($0, false) }
        let reader = InputReader(context: context, settings: input)
        let tree = TreeSearch(settings: settings, walk: walk, context: context, view: view) { source in
            try reader.read(local: source, makeHandler: { try makePrinter($0, true) })
        }
        defer { tree.finish() }
        var failed = 0
        if sourceNames.isEmpty && FileDescriptor.standardInput.isTerminal {
            // Nothing to read on a terminal: rg searches the current directory.
            try tree.search(Source(name: ".", kind: .file, path: TreeWalk.currentDirectory))
        } else {
            // Directories in their turn among the files and -, as the input layer reads them.
            failed = try reader.read(
                sourceNames.isEmpty ? [ArgumentWord("-")] : sourceNames, directory: { try tree.search($0) },
                makeHandler: makeHandler
            ).failed
        }
        if failed + tree.failed > 0 { return .failure }
        if settings.listing == .withoutMatch {
            return tree.listed || printers.contains { $0.listed } ? .success : .negative
        }
        return tree.matched || printers.contains { $0.matches > 0 } ? .success : .negative
    }
}
