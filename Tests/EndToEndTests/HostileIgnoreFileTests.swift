// The ignore files of a hostile tree: globs built to overflow the stack or to backtrack, and .ignore or
// .gitignore names that are FIFOs or devices. The walk must finish, apply what it can, and say in one warning what
// it skipped. timeout(1) only turns a hang into a failure.
import Foundation
import TestSupport
import Testing

struct HostileIgnoreFileTests {
    let scratch = Scratch()

    /// `tb regex --count hello DIR` from the scratch directory, killed after two minutes (it takes a second).
    func countHello(_ directory: String, _ extra: [String] = []) throws -> Finished {
        let seconds = String(120 * Sanitizer.slowdown)
        return try runProgram(
            "/usr/bin/timeout",
            ["-s", "KILL", seconds, Package.binary, "regex", "--count"] + extra + ["hello", directory],
            environment: scratch.environment, directory: scratch.path)
    }

    /// The files `--count` found, in order.
    func files(_ result: Finished) -> [String] { files(result.stdout) }

    func files(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["source"] as? String
        }
    }

    // MARK: Globs

    /// A line of 100,000 `**/` and `zz` (300 KB) in a .ignore, in a .gitignore or in a subdirectory's .ignore: each
    /// `**/` was a token, matching recursed once per token, and tb died of a stack overflow (SIGSEGV). It is one
    /// rule, `**/zz`.
    @Test(arguments: [".ignore", ".gitignore", "sub/.ignore"])
    func aLineOfManyDoubleStarsIsOneRule(_ name: String) throws {
        scratch.write("tree/.git/HEAD", "ref: refs/heads/main\n")
        scratch.write("tree/" + name, "# one rule\n" + String(repeating: "**/", count: 100_000) + "zz\n")
        for file in ["a.txt", "zz", "sub/b.txt", "sub/zz", "sub/deeper/zz/c.txt", "sub/zzz"] {
            scratch.write("tree/" + file, "hello\n")
        }
        let result = try countHello("tree")
        #expect(result.status == 0, "\(name): \(result.status) \(result.stderr.prefix(300))")
        #expect(result.stderr.isEmpty, "\(name): \(result.stderr.prefix(300))")
        let top = name == "sub/.ignore" ? ["tree/zz"] : []
        #expect(files(result) == ["tree/a.txt", "tree/sub/b.txt", "tree/sub/zzz"] + top, "\(name)")
    }

    /// Globs made to backtrack — `*a*a*a…*b` — against names of 250 `a`s nested six deep, and a glob of 300,000
    /// tokens: matching took tokens × path × name steps (a minute of CPU here) and a memo of tokens × path bytes for
    /// each match (540 MB); it takes tokens × path steps at most (two seconds of a debug build) and memory for the
    /// tokens.
    @Test func globsMadeToBacktrackFinishInLittleMemory() throws {
        let name = String(repeating: "a", count: 250)
        let deep = Array(repeating: name, count: 6).joined(separator: "/")
        scratch.write("tree/" + deep + "/" + name, "hello\n")
        scratch.write("tree/" + deep + "/x.txt", "hello\n")
        let stars = String(repeating: "*a", count: 1_000)
        let questions = String(repeating: "?*", count: 1_000)
        let rules = [
            stars + "*b", questions + "b", "**/" + stars + "/**/b", String(repeating: "a*/", count: 100_000) + "b",
        ]
        // The rules are tried from the last: the heavy ones first.
        scratch.write("tree/.ignore", ([String(repeating: "*a", count: 200)] + rules).joined(separator: "\n") + "\n")
        let ignored = try countHello("tree")
        #expect(ignored.status == 1, "\(ignored.status) \(ignored.stderr.prefix(300))")
        // The first rule, `*a` 200 times, ignores a name of 250 `a`s (and so the first directory).
        #expect(files(ignored).isEmpty, "\(ignored.stdout.count) bytes of records")
        scratch.write("tree/.ignore", rules.joined(separator: "\n") + "\n")
        let kept = try measuredTB(
            ["regex", "--count", "hello", "tree"], environment: scratch.environment, output: scratch.file("out"),
            directory: scratch.path, timeout: 120 * Sanitizer.slowdown)
        #expect(kept.status == 0, "\(kept.status) \(kept.stderr.prefix(300))")
        // Not checked under a sanitizer, whose quarantine and shadow memory are not tb's.
        #expect(Sanitizer.isOn || kept.kib < 200 << 10, "\(kept.kib) KiB")
        let short = files(scratch.read("out") ?? "").map { $0.replacingOccurrences(of: name, with: "A") }
        let folder = "tree/" + Array(repeating: "A", count: 6).joined(separator: "/")
        #expect(short == [folder + "/A", folder + "/x.txt"])
    }

    // MARK: Ignore files that are not files

    /// A FIFO named .ignore, one named .gitignore in a subdirectory of a repository, a private node with /dev/zero's
    /// numbers named .ignore and a directory named .gitignore: opening the FIFO waited for a writer forever (and the
    /// node would have been read forever). Each is skipped with one warning, in its place among the records, and the
    /// other rules still apply.
    @Test func ignoreFilesThatAreNotRegularFilesAreSkipped() throws {
        scratch.write("tree/.git/HEAD", "ref: refs/heads/main\n")
        scratch.write("tree/.gitignore", "*.log\n")
        for file in ["a.txt", "a.log", "dev/c.txt", "dir/d.txt", "sub/b.txt", "sub/b.log"] {
            scratch.write("tree/" + file, "hello\n")
        }
        #expect(mkfifo(scratch.file("tree/.ignore"), 0o600) == 0)
        #expect(mkfifo(scratch.file("tree/sub/.gitignore"), 0o600) == 0)
        try FileManager.default.createDirectory(
            atPath: scratch.file("tree/dir/.gitignore"), withIntermediateDirectories: true)
        let node = try runProgram("/bin/mknod", [scratch.file("tree/dev/.ignore"), "c", "1", "5"], environment: [:])
        #expect(node.status == 0, "\(node.stderr)")
        let result = try countHello("tree")
        #expect(result.status == 0, "\(result.status) \(result.stderr)")
        #expect(files(result) == ["tree/a.txt", "tree/dev/c.txt", "tree/dir/d.txt", "tree/sub/b.txt"])
        #expect(
            result.stderr.split(separator: "\n") == [
                "tb regex: warning: skipping 'tree/.ignore': not a regular file (a FIFO)",
                "tb regex: warning: skipping 'tree/dev/.ignore': not a regular file (a character device)",
                "tb regex: warning: skipping 'tree/dir/.gitignore': not a regular file (a directory)",
                "tb regex: warning: skipping 'tree/sub/.gitignore': not a regular file (a FIFO)",
            ])
    }
}
