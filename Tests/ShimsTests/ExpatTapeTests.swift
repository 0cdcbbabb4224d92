// The event tape and expat's own thread tell a delegate exactly what expat's callbacks tell it: the same events,
// names, attributes, text (adjacent text joined) and positions, however the document is cut into pieces, and the same
// errors where the limits are passed.
import Expat
import Testing

struct ExpatTapeTests {
    /// How the parser delivers its events.
    enum Delivery: CaseIterable { case callbacks, tape, thread }

    /// Writes down every event as a line, adjacent text joined (as the tape joins it).
    final class Recorder: ExpatDelegate {
        var lines: [String] = []
        var text = ""
        var textPosition = ""
        let positions: Bool
        /// Stop the parser at this many start tags.
        var stopAfter: Int?
        var starts = 0

        init(positions: Bool) {
            self.positions = positions
        }

        private func add(_ line: String, _ parser: ExpatParser) {
            flush()
            lines.append(positions ? "\(parser.line):\(parser.column) \(line)" : line)
        }

        func flush() {
            guard !text.isEmpty else { return }
            lines.append("\(textPosition)text \(text)")
            text = ""
        }

        private static func string(_ bytes: Span<UInt8>) -> String {
            var array: [UInt8] = []
            for index in 0..<bytes.count { array.append(bytes[index] == 1 ? UInt8(ascii: "|") : bytes[index]) }
            return String(decoding: array, as: UTF8.self)
        }

        func startElement(_ name: Span<UInt8>, parser: ExpatParser) {
            var attributes: [String] = []
            parser.forEachAttribute { attributes.append("\(Self.string($0))=\(Self.string($1))") }
            var found = ""
            parser.withAttribute(Array("b".utf8)) { found = Self.string($0) }
            add("start \(Self.string(name)) \(attributes) \(parser.hasAttributes) b=\(found)", parser)
            starts += 1
            if let stopAfter, starts >= stopAfter { parser.stop() }
        }

        func endElement(_ name: Span<UInt8>, parser: ExpatParser) { add("end \(Self.string(name))", parser) }

        func characters(_ text: Span<UInt8>, parser: ExpatParser) {
            if self.text.isEmpty { textPosition = positions ? "\(parser.line):\(parser.column) " : "" }
            self.text += Self.string(text)
        }

        func comment(_ text: Span<UInt8>, parser: ExpatParser) { add("comment \(Self.string(text))", parser) }

        func processingInstruction(target: Span<UInt8>, data: Span<UInt8>, parser: ExpatParser) {
            add("pi \(Self.string(target)) \(Self.string(data))", parser)
        }

        func startNamespace(prefix: Span<UInt8>, uri: Span<UInt8>, parser: ExpatParser) {
            add("ns \(Self.string(prefix)) \(Self.string(uri))", parser)
        }

        func endNamespace(prefix: Span<UInt8>, parser: ExpatParser) { add("end ns \(Self.string(prefix))", parser) }
    }

    static let document = Array(
        """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY me "Ann &amp; Bob">]>
        <rss xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0">
          <!-- a comment -->
          <?tb data here?>
          <channel><title>T &lt; U &me; &#233;&#x41;</title>
            <item a="1" b="two &amp; three" dc:c='x'><dc:creator>Me</dc:creator>
              <description><![CDATA[<p>markup</p>]]> and
        lines
        </description><empty/><empty b="e"/></item>
          </channel>
        </rss>
        """.utf8)

    /// The events of `document` given in `pieces`, and the error the parse ended in.
    static func events(
        _ delivery: Delivery, _ pieces: [ArraySlice<UInt8>], namespaces: Bool = true, positions: Bool = true,
        limits: ExpatParser.Limits = .init(), stopAfter: Int? = nil
    ) throws -> (lines: [String], error: ExpatError?) {
        let recorder = Recorder(positions: positions)
        recorder.stopAfter = stopAfter
        let parser = try ExpatParser(
            delegate: recorder, namespaces: namespaces, limits: limits, tape: delivery != .callbacks,
            thread: delivery == .thread, positions: positions)
        do {
            // As FeedParser does: nothing more once the delegate stopped the parser.
            for (index, piece) in pieces.enumerated() where recorder.stopAfter.map({ recorder.starts < $0 }) ?? true {
                try parser.parse(Array(piece), final: index == pieces.count - 1)
            }
        } catch {
            recorder.flush()
            return (recorder.lines, error)
        }
        recorder.flush()
        return (recorder.lines, nil)
    }

    @Test(arguments: [true, false])
    func tapeAndThreadTellWhatCallbacksTell(namespaces: Bool) throws {
        let expected = try Self.events(.callbacks, [Self.document[...]], namespaces: namespaces)
        #expect(expected.error == nil)
        #expect(expected.lines.contains { $0.contains("text T < U Ann & Bob éA") })
        for delivery in [Delivery.tape, .thread] {
            let got = try Self.events(delivery, [Self.document[...]], namespaces: namespaces)
            #expect(got.lines == expected.lines, "\(delivery)")
            #expect(got.error == nil)
        }
    }

    /// Cut in two at every byte, the document gives the same events in each delivery.
    @Test(arguments: Delivery.allCases)
    func piecesCutAtEveryByte(delivery: Delivery) throws {
        let expected = try Self.events(.callbacks, [Self.document[...]])
        for cut in 0...Self.document.count {
            let got = try Self.events(delivery, [Self.document[..<cut], Self.document[cut...]])
            #expect(got.lines == expected.lines, "cut at \(cut)")
            #expect(got.error == nil)
        }
        // And one byte at a time.
        let bytes = Self.document.indices.map { Self.document[$0...$0] }
        #expect(try Self.events(delivery, bytes + [[]]).lines == expected.lines)
    }

    /// A tape that fills (more text or more events than it holds at once) is read and emptied while expat goes on:
    /// in one piece (which expat parses on the caller's thread even when it may have one of its own) and in two.
    @Test(arguments: Delivery.allCases, [false, true])
    func longDocumentsInOnePiece(delivery: Delivery, cut: Bool) throws {
        var document = Array("<r>".utf8)
        for index in 0..<5_000 { document += Array("<i n='\(index)'>text \(index)\n&amp;</i>".utf8) }
        document += Array("<big>".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 300_000)
        document += Array("</big></r>".utf8)
        let expected = try Self.events(.callbacks, [document[...]])
        let got = try Self.events(delivery, cut ? [document[..<10], document[10...]] : [document[...]])
        #expect(got.lines == expected.lines)
        #expect(got.lines.count == expected.lines.count)
    }

    /// Not well-formed, too deep, or a tag too long: the same error at the same place, after the same events.
    @Test(arguments: Delivery.allCases)
    func errorsAndLimitsAreTheSame(delivery: Delivery) throws {
        let broken = Array("<a><b>text</b>\n<c>more</a>".utf8)
        let deep = Array(String(repeating: "<d>", count: 40).utf8) + Array("x".utf8)
        let long =
            Array("<a>text<b c='".utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: 5_000) + Array("'/></a>".utf8)
        let cases: [([UInt8], ExpatParser.Limits, ExpatError.Kind)] = [
            (broken, .init(), .notWellFormed),
            (deep, .init(depth: 32), .tooDeep),
            (long, .init(unfinishedBytes: 1_000), .tokenTooLong),
        ]
        for (document, limits, kind) in cases {
            let pieces = stride(from: 0, to: document.count, by: 100).map {
                document[$0..<min($0 + 100, document.count)]
            }
            let expected = try Self.events(.callbacks, pieces + [[]], limits: limits)
            let got = try Self.events(delivery, pieces + [[]], limits: limits)
            #expect(expected.error?.kind == kind)
            #expect(got.error == expected.error)
            #expect(got.lines == expected.lines)
        }
    }

    /// Entities that expand past the amplification limit end the parse, and the tape does not hold their text.
    @Test(arguments: Delivery.allCases)
    func billionLaughsStaysBounded(delivery: Delivery) throws {
        var entities = "<!ENTITY a0 '\(String(repeating: "lol", count: 100))'>"
        for level in 1...9 { entities += "<!ENTITY a\(level) '\(String(repeating: "&a\(level - 1);", count: 10))'>" }
        let document = Array("<!DOCTYPE r [\(entities)]><r>&a9;</r>".utf8)
        let got = try Self.events(delivery, [document[...]], positions: false)
        // At the same place: the tape is not cut inside the entities' text before the limit is reached.
        #expect(got.error == (try Self.events(.callbacks, [document[...]], positions: false)).error)
        #expect(got.error?.kind == .notWellFormed)
        #expect(got.error?.message.contains("amplification") == true, "\(String(describing: got.error))")
    }

    /// A delegate that stops the parser hears of nothing after; later pieces are not parsed.
    @Test(arguments: Delivery.allCases)
    func stopEndsTheEvents(delivery: Delivery) throws {
        let pieces = stride(from: 0, to: Self.document.count, by: 50).map {
            Self.document[$0..<min($0 + 50, Self.document.count)]
        }
        let got = try Self.events(delivery, pieces + [[]], stopAfter: 3)
        #expect(got.error == nil)
        #expect(got.lines.last?.contains("start title") == true, "\(got.lines)")
        #expect(got.lines.filter { $0.contains("start") && !$0.contains("ns ") }.count == 3)
    }

    /// Without positions, the delegate is still told every event (the parser's position is where expat stopped).
    @Test(arguments: [Delivery.tape, .thread])
    func withoutPositions(delivery: Delivery) throws {
        let expected = try Self.events(.callbacks, [Self.document[...]], positions: false)
        let got = try Self.events(delivery, [Self.document[...]], positions: false)
        #expect(got.lines == expected.lines)
    }

    /// Whether a whole document needs declarations of entities: it does when it refers to any but XML's five.
    @Test func entitiesReferredTo() {
        for (text, refers) in [
            ("<a>plain</a>", false), ("<a b='&amp;&lt;'>&gt;&quot;&apos;&#233;&#x41;</a>", false),
            ("<a>caf&eacute;</a>", true), ("<a b='&nbsp;'/>", true), ("<a>&foo;</a>", true), ("<a>AT&T</a>", true),
            ("<a>&amp", true), ("<a>&ampx;</a>", true),
        ] {
            #expect(ExpatParser.refersToEntities(Array(text.utf8).span) == refers, "\(text)")
        }
    }

    /// With a thread, `flush` replays everything parsed so far: an item is out before more input comes.
    @Test func flushDeliversWhatWasGiven() throws {
        let cut = Self.document.count / 2
        let callbacks = Recorder(positions: true)
        let reference = try ExpatParser(delegate: callbacks, tape: false)
        try reference.parse(Array(Self.document[..<cut]).span, final: false)
        let threaded = Recorder(positions: true)
        let parser = try ExpatParser(delegate: threaded, thread: true)
        try parser.parse(Array(Self.document[..<cut]).span, final: false)
        try parser.flush()
        #expect(threaded.lines == callbacks.lines)
        #expect(threaded.text == callbacks.text)
        #expect(parser.line == reference.line)
    }
}
