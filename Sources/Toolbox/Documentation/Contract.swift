// The promises tb makes as a whole (output, inputs, store and exit statuses), written once for tb(1) and help.

/// tb's documented contract.
enum Contract {
    static let output = """
        Commands print records. Where stdout is a terminal the default is human: the command's own view for \
        people where it has one (tb regex prints lines as ripgrep does), its table otherwise; into a pipe it is \
        NDJSON. --format (or TB_FORMAT) chooses: human, ndjson, table, tsv, or auto. --fields asks for the table \
        instead of a view. A plugin sees human as table in TB_FORMAT.

        NDJSON: one JSON object a line. "type" comes first (bookmark, visit, ...), then every declared field of \
        the record in declared order, with null when a value is absent. Keys are snake_case. Strings are valid \
        UTF-8: invalid input bytes become U+FFFD; C0 controls are escaped as JSON requires, and DEL, C1 and \
        bidirectional controls are left to the program reading them. Times are RFC 3339 in UTC with Z, in whole \
        seconds (a fraction in the source is dropped), in every format: jq's fromdate reads them. Durations such \
        as total_ms keep their precision. This is a stable interface; each command's page lists its records and \
        fields.

        Table: a header, then the rows, fitted to the terminal (COLUMNS when it reports no size): times, status \
        words and numbers keep their width, text and URLs share the rest, text cut at the end and URLs in the \
        middle with an ellipsis; columns that do not fit are left out. Status words are colored (green for \
        success, red for failure) unless NO_COLOR is set or --color never is given. Into a pipe, --format table \
        holds the rows to the end (up to 10,000) and aligns them. Times are shown in local time. Control \
        characters in values become spaces, and the bidirectional embeddings, overrides and isolates \
        (U+202A-U+202E, U+2066-U+2069) are escaped as in TSV. The table is for people and may change between \
        versions.

        TSV: no header, one line a record, every field in order (or the --fields); tabs, newlines, carriage \
        returns and backslashes in values are written as \\t, \\n, \\r and \\\\, and every other control \
        character (C0, DEL, C1) and the bidirectional embeddings, overrides and isolates as \\u{HHHH}, the \
        character's code point in four hex digits (ESC is \\u{001b}, U+009B \\u{009b}, U+202E \\u{202e}), so \
        that no value can send escape sequences to a terminal or show the rest of a line reversed; lists and \
        objects as compact JSON; null as an empty value. Messages on stderr escape the same way, backslashes \
        aside.

        --template writes each record with git-style atoms: %(field), %(field.sub) for a member of an object or \
        an element of a list (%(enclosures.0.url)), %(type) for the record's type (the "type" of NDJSON), %xHH \
        for a byte, %n for a newline and %% for a percent sign. Lists and objects are written as JSON. Tabs and \
        newlines in values are written as they are, other control characters escaped as in TSV (a carriage \
        return as \\r), backslashes as they are. A newline ends each record unless the template ends with %n.

        --fields a,b,c limits every format to those fields, in that order; an unknown name is a usage error \
        that lists the valid ones.

        Output is flushed after every record on a terminal, and whenever a command is about to wait for input, so \
        the first item of a slow feed reaches a pipe at once. When the reader of a pipe goes away \
        (tb ... | head -1), tb stops quietly with status 0. A standard output that was closed when tb started \
        (tb ... >&-) is not a place to discard records, as /dev/null is: the first write fails with one line and \
        status 2 (so tb feed --new marks nothing seen); a closed standard input reads as an error, not as empty.
        """

    static let files: [(String, String)] = [
        (
            "$XDG_CONFIG_HOME/tb/bookmarks.ndjson",
            "bookmarks, one bookmark record a line (default ~/.config/tb/); may be edited by hand"
        ),
        (
            "$XDG_STATE_HOME/tb/history.ndjson",
            "history, one visit record a line, oldest first (default ~/.local/state/tb/); compacted to its newest "
                + "half when it passes \(StoreLimits.historyText); a link to /dev/null switches it off"
        ),
        ("$XDG_CACHE_HOME/tb/", "caches (default ~/.cache/tb/); safe to delete at any time"),
    ]

    static let storeRules = """
        Store files are rewritten atomically under a lock. A symbolic link to a regular file is followed, and the \
        file keeps its mode and owner; a link to a device switches the file off; anything else (a FIFO, a \
        directory) is refused. A line that is not a valid record, or is longer than \(StoreLimits.lineText), is reported with its \
        number and kept as it is.
        """

    static let environment: [(String, String)] = [
        ("TB_FORMAT", "the default output format: auto, human, ndjson, table or tsv"),
        ("TB_COLOR", "the default for --color: auto, always or never"),
        ("NO_COLOR", "when set and not empty, no colors unless --color always is given"),
        ("TB_CONFIG_DIR", "the directory for bookmarks, instead of $XDG_CONFIG_HOME/tb"),
        ("TB_STATE_DIR", "the directory for history and feed state, instead of $XDG_STATE_HOME/tb"),
        ("TB_CACHE_DIR", "the directory for caches, instead of $XDG_CACHE_HOME/tb"),
        (
            "XDG_CONFIG_HOME, XDG_STATE_HOME, XDG_CACHE_HOME",
            "the XDG base directories; relative values are ignored, as the XDG specification says"
        ),
        ("TB_HISTORY", "off (or 0, no, false) stops recording visits in the history"),
        ("TB_EXEC_PATH", "directories searched for external tb-NAME commands before $PATH, separated by colons"),
        ("COLUMNS", "the table width when the terminal reports none, or when --format table writes into a pipe"),
    ]

    static let exitStatuses: [(String, String)] = [
        ("0", "success, also when the reader of a pipe went away"),
        ("1", "a negative answer, such as nothing found or a target not reachable"),
        ("2", "a runtime error (I/O, network, parse, authentication); output already printed stays valid"),
        ("64", "a usage error: the message, the usage line and a pointer to the command's help"),
        ("127", "no such command"),
        (
            "129, 130, 143",
            "stopped by SIGHUP, SIGINT or SIGTERM: the records written are whole (the one being written is finished)"
        ),
        ("other", "an external command's own status"),
    ]

    static let examples: [Example] = [
        Example("tb bookmark add news https://example.org/feed.xml", "Save a URL as @news."),
        Example("tb bookmark ls --json | jq -r .url", "Print every bookmarked URL."),
        Example("tb history --limit 5 --fields time,command,target", "Show the last five visits."),
        Example("tb bookmark ls --template '%(name)%x09%(url)'", "Print name and URL separated by a tab."),
    ]
}
