// The tree-construction cases of html5lib-tests (Tests/Fixtures/html5lib-tests/tree-construction): the .dat format,
// read into cases that tb's HTML5 parser is checked against.
import Foundation

/// One `#data` case of a tree-construction .dat file.
public struct HTML5LibTreeCase: Sendable, CustomStringConvertible {
    public var file: String
    /// Which case of its file, from 1.
    public var number: Int
    public var data: [UInt8] = []
    /// The expected tree, one node a line ("| <html>").
    public var expected: [String] = []
    /// A fragment case (`#document-fragment`): parsed in a context element, which tb does not do.
    public var fragment = false
    /// `#script-on`: the tree a parser with scripting enabled builds.
    public var scriptingOnly = false

    public var description: String { "\(file) #\(number): \(String(decoding: data, as: UTF8.self).debugDescription)" }

    /// The cases of every .dat file in `folder` (not its subfolders), files in name order.
    public static func all(in folder: String = Fixtures.folder("html5lib-tests/tree-construction")) throws -> [Self] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".dat") }
        return try files.sorted().flatMap { try cases(folder + "/" + $0) }
    }

    /// The cases of a .dat file: sections start with a line "#name"; #data holds the input (its last newline
    /// belongs to the format), #document the expected tree up to the blank line before the next case.
    public static func cases(_ path: String) throws -> [Self] {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let file = (path as NSString).lastPathComponent
        var cases: [Self] = []
        var section = ""
        var data: [ArraySlice<UInt8>] = []
        func finish() {
            guard var last = cases.popLast() else { return }
            last.data = Array(data.joined(separator: [UInt8(ascii: "\n")]))
            while last.expected.last == "" { last.expected.removeLast() }
            cases.append(last)
        }
        let headers: Set<String> = [
            "#data", "#errors", "#new-errors", "#document", "#document-fragment", "#script-off", "#script-on",
        ]
        for line in lines {
            let text = String(decoding: line, as: UTF8.self)
            if headers.contains(text), text != "#data" || section == "" || section == "#document" {
                if text == "#data" {
                    finish()
                    cases.append(Self(file: file, number: cases.count + 1))
                    data = []
                }
                if text == "#document-fragment" { cases[cases.count - 1].fragment = true }
                if text == "#script-on" { cases[cases.count - 1].scriptingOnly = true }
                section = text
                continue
            }
            switch section {
            case "#data": data.append(line)
            case "#document": cases[cases.count - 1].expected.append(text)
            default: break
            }
        }
        finish()
        return cases
    }
}
