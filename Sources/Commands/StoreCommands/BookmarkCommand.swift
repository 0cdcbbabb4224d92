// `tb bookmark`: the group of bookmark commands; alone it lists the bookmarks.
import Toolbox

/// Groups add, ls, rm and show.
public struct BookmarkCommand: CommandGroup {
    public static let commandName = "bookmark"
    public static let spec = CommandSpec(
        name: commandName, abstract: "save sources under short names, for use as @NAME",
        discussion: """
            A bookmark names a URL or a local path. Anywhere a command takes a SOURCE, @NAME stands for the \
            bookmarked URL and @NAME/more/path for that URL with more path appended, so \
            'tb bookmark add svn https://svn.example.org/repo' makes @svn/trunk mean \
            https://svn.example.org/repo/trunk.

            Names are compared and stored in Unicode NFKC, so names that differ only by compatibility forms are one \
            name: with @ab saved, 'tb bookmark add ａｂ URL' (fullwidth letters) says it exists, and @ａｂ and @ab \
            are the same bookmark. A name is refused when its NFKC form is not a valid name. Names stored under \
            several spellings of one NFKC name (by hand, or by a tb that did not normalize names) keep working by \
            their exact spelling; 'tb bookmark ls' warns about them, and replacing one with --force is refused until \
            all but one are removed.

            Bookmarks live in bookmarks.ndjson in the config directory (see tb(1), FILES), one JSON object a line, \
            and may be edited by hand. A damaged line, or one longer than \(StoreLimits.lineText), is reported with its line number \
            and kept as it is. A bookmarks file that is a link to /dev/null holds no bookmarks, and adding one is \
            an error rather than a bookmark silently lost.
            """,
        subcommands: [BookmarkAdd.self, BookmarkList.self, BookmarkRemove.self, BookmarkShow.self],
        defaultSubcommand: "ls")

    public init() {}
}
