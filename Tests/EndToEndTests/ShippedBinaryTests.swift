// What concerns the binary that ships, checked against the release build (`.ci/run` sets TB_RELEASE_CHECKS and
// points TB_BINARY at .build/release/tb): the libraries it links, the libraries its start-up loads, and the
// version it names. The debug build links the Swift runtime dynamically, so these hold for the release build only.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: ProcessInfo.processInfo.environment["TB_RELEASE_CHECKS"] != nil, "release build only"))
struct ShippedBinaryTests {
    let scratch = Scratch()

    /// The libraries every start-up links: the Swift runtime and the C++ library are linked statically, the
    /// libraries used on demand (libcurl, libsvn with APR, libxml2) are loaded when first used. A library added here
    /// is one more package every user must have installed.
    static let linkedLibraries: Set = [
        "libexpat.so.1", "libpcre2-8.so.0", "libz.so.1", "libm.so.6", "libgcc_s.so.1", "libc.so.6",
        "ld-linux-x86-64.so.2",
    ]

    @Test func linksOnlyTheLibrariesEveryStartUpNeeds() throws {
        let dynamic = try runProgram("/usr/bin/readelf", ["-d", Package.binary], environment: scratch.environment)
        #expect(dynamic.status == 0, "\(dynamic.stderr)")
        let needed = Set(
            dynamic.lines.compactMap { line -> String? in
                guard line.contains("(NEEDED)"), let open = line.lastIndex(of: "["), let close = line.lastIndex(of: "]")
                else { return nil }
                return String(line[line.index(after: open)..<close])
            })
        #expect(needed == Self.linkedLibraries, "links \(needed.sorted())")
    }

    /// Start-up loads nothing on demand: `--version`, help, the store and a local search of each command that does
    /// not need libcurl, libsvn or libxml2 (ld.so's own trace of what it loads).
    @Test(arguments: [
        ["--version"], ["help"], ["help", "feed"], ["bookmark", "ls"], ["regex", "a", "FILE"],
        ["html", "p", "FILE"], ["feed", "FEED"],
    ])
    func startUpLoadsNoLibraryOnDemand(_ arguments: [String]) throws {
        let text = scratch.write("page.html", "<p>a</p>\n")
        let feed = scratch.write("feed.xml", "<rss><channel><item><title>a</title></item></channel></rss>\n")
        let argv = arguments.map { $0 == "FILE" ? text : $0 == "FEED" ? feed : $0 }
        var environment = scratch.environment
        environment["LD_DEBUG"] = "libs"
        let run = try runProgram(Package.binary, argv, environment: environment)
        // An empty bookmark list answers 1, as grep does when nothing is found.
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let loaded = run.stderr.split(separator: "\n").filter { $0.contains("calling init:") }
        #expect(!loaded.isEmpty, "ld.so traced nothing: \(run.stderr.prefix(500))")
        for library in ["libcurl", "libsvn", "libapr", "libxml2", "libgumbo", "libFoundation", "libicu", "libswift"] {
            #expect(!loaded.contains { $0.contains(library) }, "tb \(argv) loads \(library)")
        }
    }

    /// `tb --version` is the newest version of CHANGELOG.md and the commit the checkout is at.
    @Test func theVersionIsTheChangelogsAndTheCommitGits() throws {
        let changelog = try String(contentsOfFile: Package.root + "/CHANGELOG.md", encoding: .utf8)
        let newest = try #require(changelog.firstMatch(of: #/\n## (\d+\.\d+\.\d+) /#)?.1)
        let commit = try runProgram(
            "/usr/bin/git", ["-C", Package.root, "rev-parse", "--short=7", "HEAD"], environment: scratch.environment)
        #expect(commit.status == 0, "\(commit.stderr)")
        let version = try tb(["--version"], environment: scratch.environment).stdout
        #expect(version == "tb \(newest) (\(commit.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))\n")
    }
}
