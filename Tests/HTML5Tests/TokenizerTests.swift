// html5lib's tokenizer cases (Tests/Fixtures/html5lib-tests/tokenizer): every case, in every initial state it names,
// gives html5lib's tokens. Parse errors are not compared: tb's parser does not report them.
import Foundation
import TestSupport
import Testing

@testable import HTML5

/// A token as html5lib's JSON writes it.
enum ExpectedToken: Equatable, CustomStringConvertible {
    case startTag(String, [String: String], Bool)
    case endTag(String)
    case comment(String)
    case characters(String)
    case doctype(String?, String?, String?, Bool)

    var description: String {
        switch self {
        case .startTag(let name, let attributes, let selfClosing):
            "<\(name) \(attributes.sorted { $0.key < $1.key })\(selfClosing ? " /" : "")>"
        case .endTag(let name): "</\(name)>"
        case .comment(let text): "<!--\(text)-->"
        case .characters(let text): "\(text.debugDescription)"
        case .doctype(let name, let publicID, let systemID, let correct):
            "<!DOCTYPE \(name ?? "nil") \(publicID ?? "nil") \(systemID ?? "nil") \(correct)>"
        }
    }
}

struct TokenizerTests {
    static let folder = Fixtures.folder("html5lib-tests/tokenizer")

    /// One case in one initial state.
    struct Case: CustomStringConvertible {
        let file: String
        let name: String
        let input: String
        let state: String
        let lastStartTag: String
        let expected: [ExpectedToken]
        var description: String { "\(file): \(name) (\(state))" }
    }

    /// Undoes the second level of escaping of `doubleEscaped` cases: `\uDC00` and the like. Returns nil for text
    /// with a lone surrogate, which UTF-8 cannot hold (tb's parser reads UTF-8).
    static func unescape(_ text: String) -> String? {
        var units: [UInt16] = []
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\", scalars.first == "u", scalars.count >= 5,
                let unit = UInt16(String(String.UnicodeScalarView(scalars.dropFirst().prefix(4))), radix: 16)
            {
                units.append(unit)
                scalars = scalars.dropFirst(5)
            } else {
                units.append(contentsOf: String(scalar).utf16)
            }
        }
        var result = ""
        var decoder = UTF16()
        var iterator = units.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): result.unicodeScalars.append(scalar)
            case .emptyInput: return result
            case .error: return nil
            }
        }
    }

    static func token(_ json: [Any], doubleEscaped: Bool) -> ExpectedToken? {
        func text(_ value: Any?) -> String? {
            guard let string = value as? String else { return nil }
            return doubleEscaped ? unescape(string) : string
        }
        switch json.first as? String {
        case "StartTag":
            var attributes: [String: String] = [:]
            for (key, value) in json[2] as? [String: String] ?? [:] {
                attributes[text(key) ?? key] = text(value) ?? value
            }
            return .startTag(text(json[1]) ?? "", attributes, json.count > 3 && json[3] as? Bool == true)
        case "EndTag": return .endTag(text(json[1]) ?? "")
        case "Comment": return .comment(text(json[1]) ?? "")
        case "Character": return .characters(text(json[1]) ?? "")
        case "DOCTYPE": return .doctype(text(json[1]), text(json[2]), text(json[3]), json[4] as? Bool ?? false)
        default: return nil
        }
    }

    /// Every case of every file, and how many were left out because their input is no UTF-8.
    static func cases() throws -> (cases: [Case], notUTF8: Int) {
        var cases: [Case] = []
        var notUTF8 = 0
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".test") }
        for file in files.sorted() {
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            // xmlViolation.test's cases are under another key: they are for parsers that coerce to XML, not the
            // standard's tokenizer.
            let tests = json["tests"] as? [[String: Any]] ?? []
            for test in tests {
                let doubleEscaped = test["doubleEscaped"] as? Bool ?? false
                guard let raw = test["input"] as? String, let input = doubleEscaped ? unescape(raw) : raw else {
                    notUTF8 += 1
                    continue
                }
                var expected: [ExpectedToken] = []
                for token in test["output"] as? [[Any]] ?? [] {
                    if let token = Self.token(token, doubleEscaped: doubleEscaped) { expected.append(token) }
                }
                // html5lib's cases join adjacent characters; so does the consumer.
                var joined: [ExpectedToken] = []
                for token in expected {
                    if case .characters(let more) = token, case .characters(let text)? = joined.last {
                        joined[joined.count - 1] = .characters(text + more)
                    } else {
                        joined.append(token)
                    }
                }
                for stateName in test["initialStates"] as? [String] ?? ["Data state"] {
                    guard HTML5Tokens.knows(state: stateName) else { continue }
                    cases.append(
                        Case(
                            file: file, name: test["description"] as? String ?? "", input: input, state: stateName,
                            lastStartTag: test["lastStartTag"] as? String ?? "", expected: joined))
                }
            }
        }
        return (cases, notUTF8)
    }

    /// The tokens of `input` as html5lib's cases write them, read whole, or in pieces of `pieceSize` bytes as a
    /// stream would hand them.
    static func tokens(_ input: String, state: String, lastStartTag: String, pieceSize: Int? = nil) -> [ExpectedToken] {
        let tokens = HTML5Tokens.of(
            Array(input.utf8), state: state, lastStartTag: Array(lastStartTag.utf8), pieceSize: pieceSize,
            followingContent: false)
        func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        return tokens.compactMap { token in
            switch token {
            case .characters(let text): return .characters(string(text))
            case .startTag(let name, let attributes, let selfClosing):
                var byName: [String: String] = [:]
                for attribute in attributes { byName[string(attribute.name)] = string(attribute.value) }
                return .startTag(string(name), byName, selfClosing)
            case .endTag(let name, _): return .endTag(string(name))
            case .comment(let text): return .comment(string(text))
            case .doctype(let name, let publicID, let systemID, let forceQuirks):
                return .doctype(name.map(string), publicID.map(string), systemID.map(string), !forceQuirks)
            case .endOfFile: return nil
            }
        }
    }

    @Test func everyCaseGivesHtml5libsTokens() throws {
        let (cases, notUTF8) = try Self.cases()
        #expect(cases.count > 6_000)
        var failed = 0
        for test in cases {
            let tokens = Self.tokens(test.input, state: test.state, lastStartTag: test.lastStartTag)
            if tokens != test.expected {
                failed += 1
                if failed <= 40 {
                    Issue.record(
                        "\(test)\ninput: \(test.input.debugDescription)\nexpected: \(test.expected)\ngot:      \(tokens)"
                    )
                }
            }
        }
        print("tokenizer: \(cases.count) cases, \(failed) failed, \(notUTF8) left out (lone surrogates)")
        #expect(failed == 0)
    }

    /// A stream hands the tokenizer its input in pieces; the tokens do not depend on where they are cut.
    @Test(arguments: [1, 2, 3, 7])
    func piecesGiveTheSameTokens(pieceSize: Int) throws {
        var failed = 0
        for test in try Self.cases().cases {
            let whole = Self.tokens(test.input, state: test.state, lastStartTag: test.lastStartTag)
            let pieces = Self.tokens(
                test.input, state: test.state, lastStartTag: test.lastStartTag, pieceSize: pieceSize)
            if whole != pieces {
                failed += 1
                if failed <= 10 { Issue.record("\(test)\nwhole:  \(whole)\npieces: \(pieces)") }
            }
        }
        #expect(failed == 0)
    }
}
