import TestSupport
// Help, man pages, completion and the spec dump, all generated from the declarations.
import Testing

@testable import Toolbox

struct DocumentationTests {
    let registry = Registry(builtins: testCommands, environment: [:])

    func complete(_ words: [String], bookmarks: [String] = ["news", "svn"]) -> ([String], Completer.Directive) {
        let completer = Completer(registry: registry, bookmarks: { bookmarks }, recentURLs: { ["https://x/feed"] })
        let result = completer.complete(words)
        return (result.candidates.map(\.0), result.directive)
    }

    @Test func completesCommandsSubcommandsOptionsAndValues() {
        #expect(complete(["gr"]).0 == ["greet"])
        #expect(complete(["tree", ""]).0 == ["leaf", "branch"])
        #expect(complete(["greet", "--lo"]).0 == ["--loud"])
        #expect(complete(["greet", "--po"]).0 == [])
        #expect(complete(["greet", "--no-p"]).0 == ["--no-polite"])
        #expect(complete(["greet", "--format", ""]).0 == ["auto", "human", "ndjson", "table", "tsv"])
        #expect(complete(["greet", "--format=t"]).0 == ["--format=table", "--format=tsv"])
        #expect(complete(["greet", "--fields", "text,n"]) == (["text,number"], .nospace))
        #expect(complete(["greet", "-n", ""]).1 == .none)
        #expect(complete(["help", "tr"]).0 == ["tree"])
        #expect(complete(["help", "tree", "b"]).0 == ["branch"])
        #expect(complete(["copy", ""]).1 == .none)
        #expect(complete(["unknown", ""]).1 == .files)
        // A group runs its default subcommand, whose options and fields complete.
        #expect(complete(["tree", "--fie"]).0 == ["--fields"])
        #expect(complete(["tree", "--fields", "te"]).0 == ["text"])
        #expect(complete(["--fields", "num"]).0 == ["number"])
    }

    /// `tb help <TAB>` offers external commands as `tb <TAB>` does; one named like a built-in (which wins) once.
    @Test func helpCompletesExternalCommandsToo() {
        let scratch = Scratch()
        scratch.write("bin/tb-zap", "#!/bin/sh\n", executable: true)
        scratch.write("bin/tb-greet", "#!/bin/sh\n", executable: true)
        let withPlugins = Registry(
            builtins: testCommands, environment: ["TB_EXEC_PATH": scratch.file("bin"), "PATH": "/nonexistent"])
        let completer = Completer(registry: withPlugins, bookmarks: { [] }, recentURLs: { [] })
        #expect(
            completer.complete(["help", ""]).candidates.map(\.0) == ["greet", "copy", "tree", "fail", "help", "zap"])
        #expect(completer.complete(["help", "z"]).candidates.map(\.0) == ["zap"])
        #expect(completer.complete(["help", "zap", ""]).candidates.isEmpty)
        #expect(completer.complete(["g"]).candidates.map(\.0) == ["greet"])
    }

    @Test func manPagesHaveTheRequiredSections() {
        let pages = ManPageRenderer(registry: registry).pages()
        #expect(pages.map(\.name) == ["tb.1", "tb-greet.1", "tb-copy.1", "tb-tree.1", "tb-fail.1", "tb-help.1"])
        let main = pages[0].text
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OUTPUT", "FILES", "ENVIRONMENT", "EXIT STATUS"]
        {
            #expect(main.contains(".SH \(section)\n"), "tb.1 lacks \(section)")
        }
        #expect(pages[1].text.contains("\\fB\\-\\-no\\-polite\\fR"))
        #expect(pages[1].text.contains(".SH OUTPUT"))
    }

    /// --help lists every status a command can end with, as its man page does, not only its own.
    @Test func fullHelpListsEveryExitStatus() {
        let help = HelpRenderer(registry: registry, width: 80).full(["tree"])
        // The meanings are tb(1)'s (Contract.exitStatuses), one text for both.
        #expect(
            help.contains(
                "\nexit status:\n  0   success, also when the reader of a pipe went away\n  2   a runtime error"))
        #expect(help.contains("\n  64  a usage error: the message, the usage line"))
    }

    /// What a run may end with is the declaration the EXIT STATUS sections are generated from; the runner asserts
    /// every run's status against it.
    @Test func aRunMayReturnOnlyWhatItsSpecDeclares() {
        let greet = Greet.spec
        #expect(greet.mayReturn(.success) && greet.mayReturn(.failure) && greet.mayReturn(.usage))
        #expect(greet.mayReturn(.negative) == greet.exitStatuses.contains { $0.status == .negative })
        #expect(!greet.mayReturn(ExitStatus(code: 3)) && !greet.mayReturn(.commandNotFound))
    }

    /// An option that would be lost to another of the same name, or to a global or output option the parser takes
    /// first, is refused where the declaration is built.
    @Test func optionsThatClashAreFound() {
        let loud = Flag("loud", short: "l", help: "").spec
        #expect(
            CommandSpec.clashes(of: [loud, Option<Int>("count", short: "c", help: "").spec], printsRecords: true) == [])
        #expect(
            CommandSpec.clashes(of: [loud, Flag("louder", short: "l", help: "").spec], printsRecords: false).count == 1)
        #expect(CommandSpec.clashes(of: [loud, Flag("loud", help: "").spec], printsRecords: false).count == 1)
        #expect(CommandSpec.clashes(of: [Flag("version", help: "").spec], printsRecords: false).count == 1)
        #expect(CommandSpec.clashes(of: [Flag("help-me", short: "h", help: "").spec], printsRecords: false).count == 1)
        #expect(CommandSpec.clashes(of: [Flag("json", help: "").spec], printsRecords: true).count == 1)
        #expect(CommandSpec.clashes(of: [Flag("json", help: "").spec], printsRecords: false).isEmpty)
    }

    @Test func roffEscaping() {
        #expect(Roff.escape("a-b\\c …é") == "a\\-b\\ec ...\\[u00E9]")
        #expect(Roff.escape(".start") == "\\&.start")
    }

    @Test func specDumpIsJSONWithEveryCommand() throws {
        let json = try JSONValue.parse(SpecDump.json(registry))
        guard case .array(let commands)? = json["commands"] else { Issue.record("no commands"); return }
        #expect(
            commands.compactMap { $0["name"]?.string } == [
                "greet", "copy", "tree", "fail", "help", "__complete", "__dump-spec", "__generate",
            ])
    }
}
