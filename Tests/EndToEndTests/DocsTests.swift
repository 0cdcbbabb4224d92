// The checked-in man pages and completion scripts are what the binary generates, render cleanly, and complete.
import Foundation
import TestSupport
import Testing

struct DocsTests {
    let scratch = Scratch()

    @Test func checkedInFilesMatchTheBinary() throws {
        let generated = try tb(["__generate", "all", "--output-dir", scratch.path], environment: scratch.environment)
        #expect(generated.status == 0, "\(generated.stderr)")
        for folder in ["man", "completions"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: scratch.file(folder)).sorted()
            let checkedIn = try FileManager.default.contentsOfDirectory(atPath: Package.root + "/" + folder).sorted()
            #expect(names == checkedIn, "\(folder)/ differs: run 'make generate'")
            for name in names {
                let fresh = scratch.read(folder + "/" + name)
                let old = try? String(contentsOfFile: Package.root + "/\(folder)/\(name)", encoding: .utf8)
                #expect(fresh == old, "\(folder)/\(name) is out of date: run 'make generate'")
            }
        }
    }

    @Test func manPagesRenderWithoutWarnings() throws {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Package.root + "/man").filter {
            $0.hasSuffix(".1")
        }
        #expect(pages.contains("tb.1"))
        for page in pages {
            let result = try runProgram(
                "/usr/bin/groff", ["-ww", "-man", "-Tutf8", "-z", Package.root + "/man/" + page],
                environment: scratch.environment)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(page): \(result.stderr)")
        }
    }

    /// A flag that is on by default is shown as `--no-NAME`: its help says what `--no-NAME` does, in `-h`, `--help`
    /// and the man page alike.
    @Test func regexNoUnicodeHelpDescribesTheBytesMode() throws {
        func description(in text: String, after marker: String, until end: String) -> String {
            guard let start = text.range(of: marker) else { return "" }
            let rest = text[start.upperBound...]
            // Wrapped lines joined again.
            return rest[..<(rest.range(of: end)?.lowerBound ?? rest.endIndex)].split(whereSeparator: \.isWhitespace)
                .joined(separator: " ")
        }
        for flag in ["-h", "--help"] {
            let help = try tb(["regex", flag], environment: scratch.environment).stdout
            let text = description(in: help, after: "--no-unicode  ", until: "\n      -")
            #expect(text.contains("bytes, not UTF-8") && !text.contains("Unicode properties"), "\(flag): \(text)")
        }
        let page = try String(contentsOfFile: Package.root + "/man/tb-regex.1", encoding: .utf8)
        let text = description(in: page, after: "\\fB\\-\\-no\\-unicode\\fR\n", until: ".TP")
        #expect(text.contains("bytes, not UTF\\-8") && !text.contains("Unicode properties"), "\(text)")
    }

    func bashComplete(_ line: String, words: [String], cword: Int) throws -> [String] {
        var env = scratch.environment
        env["PATH"] = (Package.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "")
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let script = """
            source '\(Package.root)/completions/tb.bash'
            COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(\(quoted)); COMP_CWORD=\(cword)
            _tb
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        return try bash(script, environment: env).lines
    }

    @Test func bashCompletion() throws {
        _ = try tb(["bookmark", "add", "news", "https://example.org"], environment: scratch.environment)
        #expect(try bashComplete("tb bookm", words: ["tb", "bookm"], cword: 1) == ["bookmark"])
        #expect(try bashComplete("tb bookmark r", words: ["tb", "bookmark", "r"], cword: 2) == ["rm"])
        #expect(try bashComplete("tb bookmark rm ", words: ["tb", "bookmark", "rm", ""], cword: 3) == ["news"])
        #expect(
            try bashComplete(
                "tb bookmark ls --fields=na", words: ["tb", "bookmark", "ls", "--fields", "=", "na"], cword: 5)
                == ["name"])
        #expect(
            try bashComplete("tb history --format ", words: ["tb", "history", "--format", ""], cword: 3).sorted()
                == ["auto", "human", "ndjson", "table", "tsv"])
    }

    /// A real interactive bash on a pseudo-terminal, with the default COMP_WORDBREAKS (which splits words at @, =
    /// and :): each line is typed with a TAB, and the line as readline then holds it comes back.
    func typeInBash(_ lines: [String], in directory: String, environment: [String: String]) throws -> [String] {
        let result = try runProgram(
            "/usr/bin/python3",
            [Package.root + "/Tests/Scripts/complete_in_bash.py", Package.root + "/completions/tb.bash"]
                + lines.map { $0 + "\t" },
            environment: environment, directory: directory)
        #expect(result.status == 0, "\(result.stderr)")
        return result.lines
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
    func bashCompletesBookmarksURLsAndFilesInARealShell() throws {
        _ = try tb(["bookmark", "add", "news", "https://example.org/news.xml"], environment: scratch.environment)
        scratch.write(
            "state/history.ndjson",
            #"{"type":"visit","time":"2026-11-28T08:12:30Z","command":"feed","target":"https://example.org/feed.xml","exit_status":0,"records":3}"#
                + "\n")
        scratch.write("work/notes.txt", "notes")
        scratch.write("work/my file.txt", "text")
        scratch.write("bin/tb-zap", "#!/bin/sh\n", executable: true)
        var env = shellEnvironment
        env["TB_EXEC_PATH"] = scratch.file("bin")
        let cases = [
            ("tb feed @n", "tb feed @news "),
            ("tb feed @", "tb feed @news "),
            ("tb feed notes.txt @n", "tb feed notes.txt @news "),
            ("tb feed https://ex", "tb feed https://example.org/feed.xml "),
            ("tb feed https:", "tb feed https://example.org/feed.xml "),
            ("tb feed no", "tb feed notes.txt "),
            (#"tb feed my\ f"#, #"tb feed my\ file.txt "#),
            (#"tb feed "my f"#, #"tb feed "my file.txt" "#),
            ("tb bookmark ls --fields=na", "tb bookmark ls --fields=name"),
            ("tb bookmark rm n", "tb bookmark rm news "),
            ("tb history --command f", "tb history --command feed "),
            ("tb help za", "tb help zap "),
            ("tb za", "tb zap "),
        ]
        let typed = cases.map(\.0)
        let expected = cases.map(\.1)
        let held = try typeInBash(typed, in: scratch.file("work"), environment: env)
        #expect(held.count == typed.count)
        for (line, (want, got)) in zip(typed, zip(expected, held)) { #expect(got == want, "\(line)<TAB>") }
    }

    var shellEnvironment: [String: String] {
        var env = scratch.environment
        env["PATH"] = (Package.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "")
        return env
    }

    /// zsh's completion system needs a terminal; the script is run with its two helpers stubbed to print.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
    func zshCompletion() throws {
        _ = try tb(["bookmark", "add", "news", "https://example.org"], environment: scratch.environment)
        let script = """
            compdef() { :; }
            _describe() { local name=$4; print -l -- "${(@P)name}"; }
            _files() { print FILES; }
            source '\(Package.root)/completions/_tb'
            words=(tb bookmark r); CURRENT=3; _tb
            words=(tb bookmark rm ""); CURRENT=4; _tb
            words=(tb bookmark add x ""); CURRENT=5; _tb
            words=(tb feed @n); CURRENT=3; _tb
            words=(tb history --command r); CURRENT=4; _tb
            words=(tb help za); CURRENT=3; _tb
            """
        scratch.write("bin/tb-zap", "#!/bin/sh\n", executable: true)
        var env = shellEnvironment
        env["TB_EXEC_PATH"] = scratch.file("bin")
        let result = try runProgram("/usr/bin/zsh", ["-f", "-c", script], environment: env)
        #expect(
            result.lines.filter { !$0.isEmpty } == [
                "rm:remove bookmarks", "news:bookmark", "FILES", "@news:bookmark", "reach", "regex",
                "zap:external command",
            ], "\(result.stderr)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fishCompletion() throws {
        _ = try tb(["bookmark", "add", "news", "https://example.org"], environment: scratch.environment)
        let script = """
            source '\(Package.root)/completions/tb.fish'
            complete -C 'tb bookmark r'
            complete -C 'tb bookmark rm '
            complete -C 'tb history --fields=ti'
            complete -C 'tb feed @n'
            complete -C 'tb history --command r'
            complete -C 'tb help za'
            """
        scratch.write("bin/tb-zap", "#!/bin/sh\n", executable: true)
        var env = shellEnvironment
        env["TB_EXEC_PATH"] = scratch.file("bin")
        let result = try runProgram("/usr/bin/fish", ["--no-config", "-c", script], environment: env)
        #expect(
            result.lines == [
                "rm\tremove bookmarks", "news\tbookmark", "--fields=time", "@news\tbookmark", "reach", "regex",
                "zap\texternal command",
            ], "\(result.stderr)")
    }
}
