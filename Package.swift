// swift-tools-version:6.2
// The tb package: one executable, a kernel, one module per command, and one shim module per C library.
import PackageDescription

/// The kernel and the commands may not touch raw memory: the compiler enforces it.
let safeSwift: [SwiftSetting] = [
    .strictMemorySafety(),
    .treatWarning("StrictMemorySafety", as: .error),
]

/// Headers of the libraries that are loaded lazily live outside the default search path.
let svnHeaders = ["-I/usr/include/subversion-1", "-I/usr/include/apr-1.0"]
let xmlHeaders = ["-I/usr/include/libxml2"]

let package = Package(
    name: "tb",
    products: [
        .executable(name: "tb", targets: ["tb"])
    ],
    targets: [
        // MARK: Kernel
        .target(
            name: "Toolbox", dependencies: ["POSIX", "Bytes", "Curl", "Zlib", "LZMA", "BZip2", "Zstd"],
            swiftSettings: safeSwift),

        // MARK: Parsers
        // The HTML5 parser, tb's own: the standard's tokenizer and tree construction, on the standard library alone.
        // Its state lives in structs only the parsing thread touches; the runtime exclusivity checks on them would
        // cost a share of every token. The compile-time checks stay.
        .target(
            name: "HTML5", path: "Sources/HTML5",
            // Lifetimes: tokens lend their bytes as Spans, which a method may return only with its lifetime spelled.
            swiftSettings: safeSwift + [
                .enableExperimentalFeature("Lifetimes"), .unsafeFlags(["-enforce-exclusivity=unchecked"]),
            ]),

        // MARK: Shims (C)
        // Linked at build time: small libraries that cost nothing at start-up.
        .systemLibrary(name: "CExpat", path: "Sources/Shims/CExpat", pkgConfig: "expat"),
        .systemLibrary(name: "CZlib", path: "Sources/Shims/CZlib", pkgConfig: "zlib"),
        .systemLibrary(name: "CPCRE2", path: "Sources/Shims/CPCRE2", pkgConfig: "libpcre2-8"),
        // Loaded with dlopen on first use: linking them would cost every run ~10 ms (see docs/ARCHITECTURE.md).
        .target(name: "CLoader", path: "Sources/Shims/CLoader"),
        // malloc tuning and the async-signal-safe handler of the signals that stop tb (see CPOSIX.h).
        .target(name: "CPOSIX", path: "Sources/Shims/CPOSIX"),
        // Sockets, resolver threads, epoll and rtnetlink: glibc, with the C that Swift cannot write (see CNet.h).
        .target(name: "CNet", path: "Sources/Shims/CNet"),
        .target(name: "CCurl", dependencies: ["CLoader"], path: "Sources/Shims/CCurl"),
        .target(
            name: "CLibXML2", dependencies: ["CLoader"], path: "Sources/Shims/CLibXML2",
            cSettings: [.unsafeFlags(xmlHeaders)]),
        .target(
            name: "CSVN", dependencies: ["CLoader"], path: "Sources/Shims/CSVN",
            cSettings: [.unsafeFlags(svnHeaders)]),
        .target(name: "CLZMA", dependencies: ["CLoader"], path: "Sources/Shims/CLZMA"),
        .target(name: "CBZip2", dependencies: ["CLoader"], path: "Sources/Shims/CBZip2"),
        .target(name: "CZstd", dependencies: ["CLoader"], path: "Sources/Shims/CZstd"),

        // MARK: Shims (Swift)
        .target(name: "POSIX", dependencies: ["CPOSIX", "Bytes"], path: "Sources/Shims/POSIX"),
        .target(name: "Bytes", path: "Sources/Shims/Bytes"),
        .target(name: "Threads", path: "Sources/Shims/Threads"),
        .target(name: "Expat", dependencies: ["CExpat", "Threads"], path: "Sources/Shims/Expat"),
        .target(name: "Zlib", dependencies: ["CZlib"], path: "Sources/Shims/Zlib"),
        .target(name: "LZMA", dependencies: ["CLZMA", "Loader"], path: "Sources/Shims/LZMA"),
        .target(name: "BZip2", dependencies: ["CBZip2", "Loader"], path: "Sources/Shims/BZip2"),
        .target(name: "Zstd", dependencies: ["CZstd", "Loader"], path: "Sources/Shims/Zstd"),
        .target(name: "PCRE2", dependencies: ["CPCRE2"], path: "Sources/Shims/PCRE2"),
        // The Swift side of CLoader: the shims of the lazily loaded libraries open them with it on first use.
        .target(name: "Loader", dependencies: ["Bytes"], path: "Sources/Shims/Loader"),
        .target(name: "Curl", dependencies: ["CCurl", "Loader", "Bytes"], path: "Sources/Shims/Curl"),
        .target(name: "Net", dependencies: ["CNet", "Bytes"], path: "Sources/Shims/Net"),
        .target(
            name: "LibXML2", dependencies: ["CLibXML2", "Loader", "Threads", "Bytes", "HTML5"],
            path: "Sources/Shims/LibXML2",
            swiftSettings: [.unsafeFlags(xmlHeaders.flatMap { ["-Xcc", $0] })]),
        .target(
            name: "SVN", dependencies: ["CSVN", "Loader"], path: "Sources/Shims/SVN",
            swiftSettings: [.unsafeFlags(svnHeaders.flatMap { ["-Xcc", $0] })]),

        // MARK: Commands
        .target(
            name: "SVNCommands", dependencies: ["Toolbox", "SVN", "POSIX"], path: "Sources/Commands/SVNCommands",
            swiftSettings: safeSwift),
        .target(
            name: "StoreCommands", dependencies: ["Toolbox"], path: "Sources/Commands/StoreCommands",
            swiftSettings: safeSwift),
        .target(
            name: "RegexCommands", dependencies: ["Toolbox", "PCRE2", "Bytes", "Threads", "POSIX"],
            path: "Sources/Commands/RegexCommands",
            // As for feed: the matcher's state lives in classes only the matching thread touches, six accesses per
            // match; their runtime exclusivity checks cost a tenth of an NDJSON run. The compile-time checks stay.
            swiftSettings: safeSwift + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),

        .target(
            name: "FeedCommands", dependencies: ["Toolbox", "Expat", "LibXML2", "HTML5", "POSIX", "Bytes", "Threads"],
            path: "Sources/Commands/FeedCommands",
            // The parser's state lives in classes that only the parsing thread touches, millions of times per feed;
            // the runtime exclusivity checks on them cost a fifth of a parse. The compile-time checks stay.
            swiftSettings: safeSwift + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),

        .target(
            name: "HTMLCommands", dependencies: ["Toolbox", "HTML5", "LibXML2", "POSIX", "Bytes", "Threads"],
            path: "Sources/Commands/HTMLCommands",
            // --stream handles every start tag of a page in classes only the main thread touches; the runtime
            // exclusivity checks on them cost a tenth of a run. The compile-time checks stay.
            swiftSettings: safeSwift + [.unsafeFlags(["-enforce-exclusivity=unchecked"])]),

        .target(
            name: "ReachCommands", dependencies: ["Toolbox", "Net", "Curl", "POSIX"],
            path: "Sources/Commands/ReachCommands", swiftSettings: safeSwift),

        // MARK: Executable
        .executableTarget(
            name: "tb",
            dependencies: [
                "Toolbox", "StoreCommands", "RegexCommands", "FeedCommands", "ReachCommands", "HTMLCommands",
                "SVNCommands",
            ],
            swiftSettings: safeSwift,
            plugins: ["BuildCommit"]),

        // MARK: Build plugins
        // Writes the commit tb is built from into the executable, for `tb --version`.
        .plugin(name: "BuildCommit", capability: .buildTool(), path: "Plugins/BuildCommit"),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["Toolbox", "PCRE2", "HTML5"], path: "Tests/TestSupport"),
        .testTarget(name: "ToolboxTests", dependencies: ["Toolbox", "Bytes", "TestSupport"]),
        .testTarget(name: "HTML5Tests", dependencies: ["HTML5", "TestSupport"]),
        .testTarget(
            name: "ShimsTests",
            dependencies: [
                "POSIX", "Bytes", "Threads", "Expat", "Zlib", "LZMA", "BZip2", "Zstd", "PCRE2", "Curl", "LibXML2",
                "SVN", "CLoader", "Loader", "CLibXML2", "TestSupport",
            ],
            swiftSettings: [.unsafeFlags((svnHeaders + xmlHeaders).flatMap { ["-Xcc", $0] })]),
        .testTarget(
            name: "CommandsTests",
            dependencies: [
                "StoreCommands", "RegexCommands", "FeedCommands", "ReachCommands", "HTMLCommands", "SVNCommands",
                "Toolbox",
                "PCRE2",
                "HTML5",
                "TestSupport",
            ]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),

        // MARK: Benchmarks
        // bench/html.sh times tb's HTML5 parser alone with it.
        .executableTarget(
            name: "tb-bench-html5", dependencies: ["HTML5"], path: "bench/HTML5Parse", swiftSettings: safeSwift),

        // MARK: Fuzzing
        // The properties each fuzz target checks, built with everything else so that `make test` replays the seeds
        // and every input a fuzzer found (FuzzRegressionTests); `make fuzz` drives them with libFuzzer.
        .target(
            name: "FuzzTargets",
            dependencies: [
                "StoreCommands", "RegexCommands", "FeedCommands", "ReachCommands", "HTMLCommands", "SVNCommands",
                "Toolbox", "PCRE2", "SVN", "LibXML2", "HTML5", "TestSupport",
            ],
            path: "Tests/FuzzTargets"),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer driver exists only in the build `make fuzz` makes (TB_FUZZ set, -sanitize=fuzzer): it has no main of
// its own, libFuzzer's is linked in.
if Context.environment["TB_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "tb-fuzz", dependencies: ["FuzzTargets"], path: "Tests/FuzzDriver",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
}
