// Every C library shim builds, loads (the heavy ones on first use) and reports the version Debian 12 ships.
import Curl
import Expat
import LibXML2
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
}
