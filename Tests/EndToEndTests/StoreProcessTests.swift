// The store under real processes: concurrent writers, a closed pipe, a full disk, damaged files.
import Foundation
import TestSupport
import Testing

struct StoreProcessTests {
    let scratch = Scratch()

    var shellEnvironment: [String: String] {
        var env = scratch.environment
        env["PATH"] = (Package.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "")
        return env
    }

    @Test func fortyConcurrentWritersKeepAllFortyBookmarks() throws {
        let result = try bash(
            "for i in $(seq 40); do tb bookmark add b$i https://example.org/$i & done; wait; tb bookmark ls --fields name --format tsv",
            environment: shellEnvironment)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(Set(result.lines) == Set((1...40).map { "b\($0)" }))
        let attributes = try FileManager.default.attributesOfItem(atPath: scratch.file("config/bookmarks.ndjson"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aClosedPipeEndsQuietlyWithStatusZero() throws {
        let line =
            #"{"type":"bookmark","name":"NAME","url":"https://example.org/a/long/path/to/make/the/output/big","note":"a note","created":"2026-01-01T00:00:00Z"}"#
        scratch.write(
            "config/bookmarks.ndjson",
            (1...3000).map { line.replacingOccurrences(of: "NAME", with: "b\($0)") }.joined(separator: "\n"))
        for format in ["ndjson", "table", "tsv"] {
            let result = try bash(
                "tb bookmark ls --format \(format) 2>err | head -1 >/dev/null; echo ${PIPESTATUS[0]}; cat err",
                environment: shellEnvironment.merging(["PWD": scratch.path]) { $1 })
            #expect(result.lines == ["0"], "\(format): \(result.stdout)")
        }
    }

    @Test func aFullDiskLeavesTheOldFileIntact() throws {
        for i in 1...20 {
            _ = try tb(
                ["bookmark", "add", "b\(i)", "https://example.org/\(i)/with/some/length"],
                environment: scratch.environment)
        }
        let before = scratch.read("config/bookmarks.ndjson")
        // A file size limit of 1 KiB makes the rewrite fail with EFBIG, as a full disk would with ENOSPC.
        let failed = try bash(
            "ulimit -f 1; tb bookmark add new https://example.org/new; echo $?", environment: shellEnvironment)
        #expect(failed.lines == ["2"])
        #expect(
            failed.stderr.hasPrefix(
                "tb bookmark add: cannot write '\(scratch.path)/config/bookmarks.ndjson': File too large"))
        #expect(scratch.read("config/bookmarks.ndjson") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.file("config")).filter {
            $0.contains(".tmp.")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func damagedLinesAreReportedAndSurviveTheNextWrite() throws {
        scratch.write(
            "config/bookmarks.ndjson",
            #"{"type":"bookmark","name":"a","url":"https://a","note":null,"created":null}"# + "\ngarbage\n")
        let list = try tb(["bookmark", "ls", "--fields", "name"], environment: scratch.environment)
        #expect(list.status == 0)
        #expect(list.lines == [#"{"type":"bookmark","name":"a"}"#])
        #expect(
            list.stderr
                == "tb bookmark ls: warning: '\(scratch.path)/config/bookmarks.ndjson' line 2: damaged, kept as it is (unexpected character at byte 1)\n"
        )
        #expect(try tb(["bookmark", "add", "b", "https://b"], environment: scratch.environment).status == 0)
        #expect(scratch.read("config/bookmarks.ndjson")?.contains("\ngarbage\n") == true)
    }

    @Test func anUnusableStoreIsARuntimeError() throws {
        scratch.write("file", "x")
        var env = scratch.environment
        env["TB_CONFIG_DIR"] = scratch.file("file/config")
        let result = try tb(["bookmark", "add", "a", "https://a"], environment: env)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "tb bookmark add: cannot lock '\(scratch.path)/file/config/bookmarks.ndjson': Not a directory\n")
        env.removeValue(forKey: "TB_CONFIG_DIR")
        env.removeValue(forKey: "HOME")
        let homeless = try tb(["bookmark", "ls"], environment: env)
        #expect(homeless.stderr == "tb bookmark ls: cannot find the config directory: set HOME or TB_CONFIG_DIR\n")
    }
}
