// Every C library shim builds, loads (the heavy ones on first use) and works: its version, or a tiny call.
import CLoader
import Curl
import Expat
import LibXML2
import Loader
import PCRE2
import SVN
import Testing
import Zlib

struct LibraryTests {
    func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: " ")[0].split(separator: ".")
        return parts.count >= 2 && parts.allSatisfy { Int($0) != nil }
    }

    @Test func linkedLibraries() {
        #expect(isVersion(ExpatParser.version), "\(ExpatParser.version)")
        #expect(isVersion(Inflater.version), "\(Inflater.version)")
        #expect(isVersion(PCRE2Pattern.version), "\(PCRE2Pattern.version)")
    }

    @Test func lazilyLoadedLibraries() throws {
        #expect(isVersion(try Curl.version()))
        #expect(isVersion(try LibXML2.version()))
        #expect(try SVN.version().hasPrefix("1."))
    }

    struct LoadFailure: Error { let message: String }

    /// Loads `symbol` from `soname` the way the C modules' load functions do.
    func load(_ soname: String, _ symbol: String) -> String? {
        func open(_ error: UnsafeMutablePointer<CChar>, _ size: UInt) -> Int32 {
            symbol.withCString { name in
                var slot: UnsafeMutableRawPointer?
                return withUnsafePointer(to: name) { CLoader_open(soname, $0, &slot, 1, error, size) }
            }
        }
        guard case .failure(let failure) = LazyLibrary.load(soname, open, failure: LoadFailure.init) else { return nil }
        return failure.message
    }

    /// A library that is not installed, or that lacks a symbol, is an error that says so, not a crash.
    @Test func missingLibraryOrSymbol() {
        #expect(load("libcurl.so.4", "curl_easy_init") == nil)
        #expect(
            load("libnothing.so.0", "nothing")
                == "cannot load libnothing.so.0: libnothing.so.0: cannot open shared object file: No such file or directory"
        )
        #expect(
            load("libcurl.so.4", "curl_nothing") == "cannot load libcurl.so.4: libcurl.so.4 has no symbol curl_nothing")
    }
}
