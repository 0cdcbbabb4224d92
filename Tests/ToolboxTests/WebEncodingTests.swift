// The WHATWG label table tb feed and tb html share: every label Python's webencodings knows names the same
// encoding, the replacement encoding's labels and unlisted ones name none, and case, spaces and quotes do not count.
import Foundation
import TestSupport
import Testing
import Toolbox

struct WebEncodingTests {
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/webencodings")))
    func everyLabelWebencodingsKnows() throws {
        let script = "import json; from webencodings.labels import LABELS; print(json.dumps(LABELS))"
        let result = try runProgram("/usr/bin/python3", ["-c", script], environment: [:])
        let labels = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: String])
        #expect(labels.count > 200)
        for (label, name) in labels {
            // webencodings is older than the standard's move of ISO-2022-KR and HZ to "replacement".
            if ["replacement", "iso-2022-kr", "hz-gb-2312", "iso-2022-cn", "iso-2022-cn-ext"].contains(name) {
                #expect(WebEncoding.labelled(label) == nil, "\(label)")
            } else {
                #expect(WebEncoding.labelled(label)?.name == name, "\(label)")
            }
        }
    }

    @Test func browsersReadings() {
        for label in ["ISO-8859-1", "latin1", "US-ASCII", "ascii", "l1", "cp1252", " \"iso_8859-1:1987\" "] {
            #expect(WebEncoding.labelled(label)?.name == "windows-1252", "\(label)")
            #expect(WebEncoding.labelled(label)?.iconvName == "WINDOWS-1252", "\(label)")
        }
        for label in ["TIS-620", "iso-8859-11", "windows-874"] {
            #expect(WebEncoding.labelled(label)?.iconvName == "CP874", "\(label)")
        }
        #expect(WebEncoding.labelled("GB2312")?.name == "gbk")
        #expect(WebEncoding.labelled("sun_eu_greek")?.name == "iso-8859-7")
        #expect(WebEncoding.labelled("logical")?.name == "iso-8859-8-i")
        for label in ["UTF-32", "EBCDIC-US", "UTF-7", "iso-2022-kr", "hz-gb-2312", "replacement", ""] {
            #expect(WebEncoding.labelled(label) == nil, "\(label)")
        }
    }
}
