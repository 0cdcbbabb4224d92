// The built binary's exit statuses and messages (tb(1), EXIT STATUS), and -h on every command.
import Foundation
import TestSupport
import Testing

struct ExitStatusTests {
    let scratch = Scratch()

    @Test func statuses() throws {
        let env = scratch.environment
        // The version, and the commit when built in a checkout (the build plugin reads it from git).
        let version = try tb(["--version"], environment: env).stdout
        #expect(version.wholeMatch(of: /tb 0\.2\.0( \([0-9a-f]{7,}\))?\n/) != nil, "\(version)")
        #expect(try tb([], environment: env).status == 64)
        let unknown = try tb(["histroy"], environment: env)
        #expect(unknown.status == 127)
        #expect(unknown.stderr == "tb: 'histroy' is not a tb command (did you mean 'history'?)\nSee 'tb help'.\n")
        let badOption = try tb(["history", "--lmit", "3"], environment: env)
        #expect(badOption.status == 64)
        #expect(
            badOption.stderr
                == "tb history: unknown option '--lmit' (did you mean '--limit'?)\nusage: tb history [options] [COMMAND]\nSee 'tb help history'.\n"
        )
        let missing = try tb(["bookmark", "show", "none"], environment: env)
        #expect(missing.status == 2)
        #expect(
            missing.stderr == "tb bookmark show: no bookmark named 'none' (add it with 'tb bookmark add none URL')\n")
        #expect(try tb(["bookmark", "ls"], environment: env).status == 0)
        #expect(try tb(["bookmark", "--", "rm", "x"], environment: env).status == 64)
    }

    /// A bad TB_FORMAT is a usage error only for commands that print records; completion keeps working.
    @Test func badEnvironmentOnlyConcernsRecords() throws {
        var env = scratch.environment
        env["TB_FORMAT"] = "xml"
        env["TB_COLOR"] = "sometimes"
        #expect(try tb(["bookmark", "add", "a", "https://a"], environment: env).status == 0)
        #expect(try tb(["__complete", "--", "bookmark", "rm", ""], environment: env).stdout.hasPrefix("a\t"))
        let list = try tb(["bookmark", "ls"], environment: env)
        #expect(list.status == 64)
        #expect(list.stderr.hasPrefix("tb bookmark ls: invalid value 'xml' for TB_FORMAT"))
        #expect(try tb(["bookmark", "ls", "--json"], environment: env).status == 64)
    }

    /// Every command and subcommand answers -h and --help with its usage line, from the declarations.
    @Test func helpOnEveryCommand() throws {
        let env = scratch.environment
        let spec = try JSONSerialization.jsonObject(with: Data(try tb(["__dump-spec"], environment: env).stdout.utf8))
        var paths: [[String]] = []
        func visit(_ command: [String: Any], _ path: [String]) {
            guard let name = command["name"] as? String, command["hidden"] as? Bool != true else { return }
            paths.append(path + [name])
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, path + [name]) }
        }
        for command in (spec as? [String: Any])?["commands"] as? [[String: Any]] ?? [] { visit(command, []) }
        #expect(paths.contains(["bookmark", "add"]))
        for path in paths {
            let brief = try tb(path + ["-h"], environment: env)
            #expect(brief.status == 0, "\(path)")
            #expect(brief.stdout.hasPrefix("usage: tb \(path.joined(separator: " "))"), "\(path)")
            let full = try tb(path + ["--help"], environment: env)
            #expect(full.status == 0 && full.stdout.hasPrefix("usage: tb \(path.joined(separator: " "))"), "\(path)")
            #expect(try tb(["help"] + path, environment: env).stdout == full.stdout, "\(path)")
        }
    }

    /// Every number or duration an option takes has a range: huge, negative and tiny values are usage errors that
    /// name it, never a crash (1e20 seconds once trapped in a conversion to Int, 99999999999 bytes in an allocation,
    /// and 0.0001 s became 0 ms, which libcurl reads as "no limit").
    @Test func numbersOutOfRangeAreUsageErrors() throws {
        let env = scratch.environment
        let spec = try JSONSerialization.jsonObject(with: Data(try tb(["__dump-spec"], environment: env).stdout.utf8))
        let file = scratch.write("empty.txt", "")
        // Arguments that make each command run if an option were accepted.
        let positionals = [
            "feed": [file], "html": ["a", file], "regex": ["x", file], "reach": ["localhost"], "history": [],
        ]
        var checked = 0
        for command in (spec as? [String: Any])?["commands"] as? [[String: Any]] ?? [] {
            guard let name = command["name"] as? String, let rest = positionals[name] else { continue }
            for option in command["options"] as? [[String: Any]] ?? [] {
                guard let long = option["long"] as? String, let value = option["value_name"] as? String,
                    ["N", "BYTES", "DURATION"].contains(value)
                else { continue }
                for bad in ["1e20", "99999999999999999999", "-1", "0.0001"] {
                    let result = try tb([name, "--\(long)", bad] + rest, environment: env)
                    #expect(result.status == 64, "\(name) --\(long) \(bad): \(result.status) \(result.stderr)")
                    #expect(
                        result.stderr.hasPrefix("tb \(name): invalid value '\(bad)' for --\(long): expected "),
                        "\(result.stderr)")
                    #expect(result.stderr.contains(" or more") || result.stderr.contains(" to "), "\(result.stderr)")
                }
                checked += 1
            }
        }
        #expect(checked >= 17)
    }

    /// No two options of one command (its own, the input options, the output options, -h/--help) share a long or a
    /// short name, or a flag's --no- form: the first declaration would silently win.
    @Test func noTwoOptionsOfACommandShareAName() throws {
        let env = scratch.environment
        let spec = try JSONSerialization.jsonObject(with: Data(try tb(["__dump-spec"], environment: env).stdout.utf8))
        let dump = spec as? [String: Any] ?? [:]
        let output = dump["output_options"] as? [[String: Any]] ?? []
        var checked = 0
        func visit(_ command: [String: Any], _ path: [String]) {
            let path = path + [command["name"] as? String ?? "?"]
            let options = (command["options"] as? [[String: Any]] ?? []) + output
            var names = ["--help", "-h", "--version"]
            for option in options {
                let long = option["long"] as? String ?? ""
                names.append("--" + long)
                if option["kind"] as? String == "flag" { names.append("--no-" + long) }
                if let short = option["short"] as? String { names.append("-" + short) }
            }
            var seen = Set<String>()
            for name in names where !seen.insert(name).inserted {
                Issue.record("tb \(path.joined(separator: " ")): two options are called \(name)")
            }
            checked += 1
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, path) }
        }
        for command in dump["commands"] as? [[String: Any]] ?? [] { visit(command, []) }
        #expect(checked >= 10 && !output.isEmpty)
    }

    /// Every module under Sources/Commands declares a command that tb runs: one left out of Builtins.swift is
    /// caught here, not by a user.
    @Test func everyCommandModuleIsBuiltIn() throws {
        let spec = try JSONSerialization.jsonObject(
            with: Data(try tb(["__dump-spec"], environment: scratch.environment).stdout.utf8))
        let commands = (spec as? [String: Any])?["commands"] as? [[String: Any]] ?? []
        let modules = Set(commands.compactMap { $0["module"] as? String })
        let folders = try FileManager.default.contentsOfDirectory(atPath: Package.root + "/Sources/Commands")
        #expect(!folders.isEmpty)
        for folder in folders {
            #expect(modules.contains(folder), "Sources/Commands/\(folder) is not in Sources/tb/Builtins.swift")
        }
    }

    /// Whatever words are typed, tb answers with a defined status and never a crash.
    @Test func randomCommandLinesNeverCrash() throws {
        let words = [
            "bookmark", "history", "help", "add", "ls", "rm", "show", "clear", "--json", "--format", "table", "tsv",
            "--fields", "name,url", "nope", "-n", "5", "-x", "--template", "%(name", "%(url)", "--", "-", "@", "@a/b",
            "-h", "--help", "--no-json", "--color", "--limit=-3", "a", "https://u:p@h/", "\u{0}", "é", "--note=",
            "-fn", "__complete", "__dump-spec", "__generate", "bogus",
        ]
        var generator = SeededGenerator.fresh()
        for _ in 0..<150 {
            let argv = (0..<Int.random(in: 1...6, using: &generator)).map { _ in words.randomElement(using: &generator)!
            }
            .map { $0.replacingOccurrences(of: "\u{0}", with: "") }
            let result = try tb(argv, environment: scratch.environment, directory: scratch.path)
            #expect(
                [0, 1, 2, 64, 127].contains(result.status),
                "\(argv): \(result.status) \(result.stderr), \(generator.repeatHint)")
            #expect(
                !result.stderr.contains("Fatal error") && !result.stderr.contains("Backtrac"),
                "\(argv), \(generator.repeatHint)")
        }
    }

    /// The libraries loaded on first use (libcurl, libsvn with APR, libxml2) and Foundation with its ICU are
    /// not linked: they would cost every start-up (see docs/ARCHITECTURE.md).
    @Test func heavyLibrariesAreNotLinked() throws {
        let ldd = try runProgram("/usr/bin/ldd", [Package.binary], environment: scratch.environment)
        // An ldd that listed nothing would let every library pass.
        #expect(ldd.status == 0 && ldd.stdout.contains("libc.so"), "\(ldd.stdout)\(ldd.stderr)")
        for library in ["libcurl", "libsvn", "libapr", "libxml2", "libgumbo", "libFoundation", "libicu"] {
            #expect(!ldd.stdout.contains(library), "\(library) is linked")
        }
    }
}
