/// Texts about tb as a whole, shared by help and the man page.
enum Overview {
    static let tagline = "network and text tools for the shell"

    static let description = """
        tb is one program holding a set of tools for the shell. Every tool prints records: NDJSON when its output \
        is piped (one JSON object a line, for jq and scripts) and a readable table on a terminal. All of them \
        share bookmarks (@NAME wherever a source is expected), a history of what they fetched, and caches, kept \
        in the XDG directories.

        Sources are files, - for standard input, http, https, ftp and file URLs, and @bookmarks. Compressed \
        data is decompressed on the fly whatever the source, told by its first bytes, not its name: gzip, xz, \
        bzip2 and zstd, concatenated streams read whole (as zcat, xzcat, bzcat and zstdcat read them). Data cut \
        short or damaged keeps the records of what came before it, then ends the source with one line and status \
        2. xz data that needs more than 256 MiB of memory and zstd frames whose window is over 128 MiB are \
        refused, as zstd refuses them without --memory. Over HTTP, tb asks for gzip, deflate and zstd content \
        encodings.

        Commands are built in, or external: any executable called tb-NAME on $TB_EXEC_PATH or $PATH runs as \
        'tb NAME', with the remaining arguments and with TB_FORMAT, TB_COLOR, TB_CONFIG_DIR, TB_STATE_DIR and \
        TB_CACHE_DIR in its environment. Built-in commands win over external ones.

        Options follow GNU conventions. A DURATION is a number with a unit, ms, s, m, h or d (500ms, 30s, 1.5m), \
        or a bare number of seconds, from 1ms to 7d. Numbers are checked against the range each option's help \
        gives; a value outside it is a usage error.
        """
}
