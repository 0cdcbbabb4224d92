// `tb svn`: the group of Subversion commands, which read repositories without a working copy.
import Toolbox

/// Groups the svn commands: ls, cat, log, info, diff, blame, proplist, propget and put.
public struct SVNCommand: CommandGroup {
    public static let commandName = "svn"
    public static let spec = CommandSpec(
        name: commandName, abstract: "read Subversion repositories without a working copy",
        discussion: """
            ls, cat, log and info answer what svn's commands of those names answer for a repository URL \
            (file://, svn://, svn+ssh://, http:// and https://), as records, through libsvn itself. A TARGET is a \
            URL, @bookmark or @bookmark/path, or the local path of a repository (it becomes a file:// URL). \
            URL@REV names the node as it was in revision REV (a peg revision: a number, HEAD or {DATE}); an @ \
            followed by anything else belongs to the name, so trunk/at@sign.txt needs no escaping. diff writes the \
            bytes svn diff writes (--summarize: records); blame, proplist and propget answer as svn blame, \
            proplist -v and propget do, one record per line or property. put commits one file, also without a \
            working copy.

            Inside a checkout, a path of the working copy (., a file, a subdirectory; relative or absolute) stands \
            for its node's URL at the working copy's BASE revision of it, as svn takes it: tb svn log . is the log \
            svn log . prints, from BASE down, and tb svn cat FILE prints the committed text, not local changes. \
            The URL and revisions come from the working copy's records (through libsvn_wc); what is printed comes \
            from the repository, so a path added and not committed is an error, as in svn. There, \
            BASE, COMMITTED (the last change at or before BASE) and PREV (the one before it) are revisions, for -r \
            and after @; given with a URL they are a usage error. -c N names the revision of the change made in N: \
            for log, as svn log -c, N, rN, A-B and lists such as 3,5; for ls, cat and info, revision N.

            tb never prompts unless --interactive is given on a terminal: a server that wants credentials it does \
            not have is an error, at once, as in cron. The user name comes from --username or svn's auth cache, \
            the password from TB_SVN_PASSWORD, --password-file or svn's auth cache (~/.subversion, or \
            --config-dir), never from the command line. A password tb is given is not stored in svn's cache. \
            svn+ssh:// runs ssh in batch mode (no password or host-key prompts) unless $SVN_SSH or svn's \
            configuration names another tunnel.

            Errors name their cause in one line and exit with 2: an unknown path, an authentication failure, a \
            server that cannot be reached. A server that stays silent for --timeout (a host that drops packets, a \
            server that accepts and never answers) ends the run with exit status 2, after the records already \
            received; a reader that is slow to take the output does not count. Records reach a pipe as libsvn \
            receives them: whatever has arrived is written before tb waits for more. Every run is recorded in the \
            history, without passwords.
            """,
        subcommands: [
            SVNListCommand.self, SVNCatCommand.self, SVNLogCommand.self, SVNInfoCommand.self, SVNDiffCommand.self,
            SVNBlameCommand.self, SVNPropListCommand.self, SVNPropGetCommand.self, SVNPutCommand.self,
        ],
        defaultSubcommand: nil)

    public init() {}
}
