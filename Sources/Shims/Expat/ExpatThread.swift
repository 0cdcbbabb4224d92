// expat on a thread of its own: the parser's caller queues each piece of the document for it and replays the events
// it wrote down for earlier pieces meanwhile. expat is most of the work of reading a big feed; this way it has a core
// to itself, never waits for the delegate while pieces are queued, and the delegate runs beside it. The caller
// flushes (`ExpatParser.flush`) before it waits for more input, so that nothing parsed waits with it.
internal import CExpat
import Threads

/// A piece of the document for the parsing thread.
struct ExpatPiece: Sendable {
    var bytes: [UInt8]
    var final: Bool
}

/// Events from the parsing thread, in the buffers taken from its tape; the last of a piece says how it ended.
final class ExpatChunk: @unchecked Sendable {
    let records: ExpatRecords
    var ended: ExpatPieceEnd?
    private let spares: ExpatSpares

    init(_ records: ExpatRecords, spares: ExpatSpares) {
        self.records = records
        self.spares = spares
    }

    /// Its buffers go back to the parsing thread, which writes the next events into them: memory already mapped and
    /// grown to size, instead of new buffers grown again for every chunk.
    deinit {
        spares.give(records.buffers)
    }
}

/// Buffers the replaying thread is done with, for the parsing thread's tape; a few, the rest freed.
final class ExpatSpares: Sendable {
    private let buffers = Locked<[ExpatBuffers]>([])

    func give(_ spare: ExpatBuffers) {
        // One grown by megabytes of text is not kept.
        let kept = buffers.withLock { list in
            guard list.count < 2, spare.byteCapacity <= Self.largest else { return false }
            list.append(spare)
            return true
        }
        if !kept { spare.free() }
    }

    private static let largest = 1 << 18

    func take() -> ExpatBuffers? {
        buffers.withLock { $0.popLast() }
    }

    deinit {
        buffers.withLock { list in
            for spare in list { spare.free() }
        }
    }
}

/// How expat ended a piece: its status, where it stopped on an error, and what it holds unparsed.
struct ExpatPieceEnd: Sendable {
    /// expat's XML_Error when the piece did not parse.
    var error: UInt32?
    var line = 0
    var column = 0
    var unfinishedBytes = 0
    var outOfMemory = false
}

/// The expat parser and its tape, used on the parsing thread while a piece is parsed and by the caller only while
/// the thread waits for the next (the pipeline's lock orders the two).
final class ExpatThreadParser: @unchecked Sendable {
    private let parser: OpaquePointer
    private let tape: ExpatTape
    private var unfinishedBytes = 0
    private var failed = false
    private let spares = ExpatSpares()

    init(parser: OpaquePointer, tape: ExpatTape) {
        self.parser = parser
        self.tape = tape
    }

    /// The thread: parses each piece as it comes.
    func run(_ pipeline: WorkerPipeline<ExpatPiece, ExpatChunk>) {
        while let piece = pipeline.next() {
            guard parse(piece, emit: { pipeline.emit($0) }) else { return }
        }
    }

    /// Parses a piece, handing over its events (in chunks when the tape fills); false when the pipeline was
    /// cancelled.
    private func parse(_ piece: ExpatPiece, emit: (ExpatChunk) -> Bool) -> Bool {
        var end = ExpatPieceEnd()
        guard !failed else { return emit(ended(end)) }
        var status = piece.bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                XML_Parse(parser, $0.baseAddress, Int32(clamping: $0.count), piece.final ? 1 : 0)
            }
        }
        // expat suspends itself when the tape is full.
        while status == XML_STATUS_SUSPENDED {
            guard emit(ExpatChunk(tape.take(replacingWith: spares.take()), spares: spares)) else { return false }
            status = XML_ResumeParser(parser)
        }
        end.line = Int(XML_GetCurrentLineNumber(parser))
        end.column = Int(XML_GetCurrentColumnNumber(parser)) + 1
        if status == XML_STATUS_ERROR {
            failed = true
            end.error = XML_GetErrorCode(parser).rawValue
            end.outOfMemory = tape.outOfMemory
        } else {
            unfinishedBytes = ExpatParser.unfinished(parser, before: unfinishedBytes, added: piece.bytes.count)
            end.unfinishedBytes = unfinishedBytes
        }
        return emit(ended(end))
    }

    private func ended(_ end: ExpatPieceEnd) -> ExpatChunk {
        let chunk = ExpatChunk(tape.take(replacingWith: spares.take()), spares: spares)
        chunk.ended = end
        return chunk
    }
}
