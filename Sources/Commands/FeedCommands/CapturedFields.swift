// The text the parsing side captures: every candidate field of an item (or of the channel) as a range of one
// buffer. For items, that buffer is also the text of the batch the printing side gets next, so the winners of the
// precedence rules are never copied: a batch holds its items' candidates, and the records point into them.
import Bytes

/// The candidate fields of the item being read (or of the channel), in a buffer that collects a batch's text.
struct CapturedFields {
    /// The bytes of every captured field of the batch so far.
    private(set) var text: [UInt8] = []
    /// Where the current item's bytes start.
    private var itemStart = 0
    /// Each candidate's range of `text` (trimmed of white space), by element; nil when the element was not seen.
    private var slots = [Range<Int>?](repeating: nil, count: Element.count)
    /// The slots that are set, so that clearing them costs nothing for the ones that are not.
    private var used: [Element] = []
    /// The base URL in scope where each URL-valued candidate was read.
    var linkBase: String?
    var hrefBase: String?
    var guidBase: String?
    var guidIsPermaLink = true
    var categories: [Range<Int>] = []
    var enclosures: [(url: Range<Int>, base: String?, type: Range<Int>?, length: Int?)] = []
    /// The URLs of `enclosures`: one item may have a million, and each is looked up.
    private var enclosureURLs: Set<[UInt8]> = []
    /// Where the capture in progress started, and whether it was cut at the size limit.
    private var start = 0
    private(set) var truncated = false

    /// A new batch reserves what the last one used, up to this: one huge item may not keep the process large.
    private static let reservedCapacity = 1 << 20

    /// Starts the next item: its candidates are forgotten, the batch's text is kept.
    mutating func beginItem() {
        itemStart = text.count
        for element in used { slots[Int(element.rawValue)] = nil }
        used.removeAll(keepingCapacity: true)
        linkBase = nil
        hrefBase = nil
        guidBase = nil
        guidIsPermaLink = true
        categories.removeAll(keepingCapacity: true)
        enclosures.removeAll(keepingCapacity: true)
        if !enclosureURLs.isEmpty { enclosureURLs.removeAll(keepingCapacity: true) }
    }

    /// Gives away the batch's text; with `keepingItem`, keeps the bytes of the item being read (its ranges move
    /// with them).
    mutating func takeText(keepingItem: Bool) -> [UInt8] {
        let shift = keepingItem ? itemStart : text.count
        // Nothing before the item being read: no record needs any of it, and a huge item stays where it is instead of
        // being copied again for every batch.
        guard shift > 0 else { return [] }
        var next: [UInt8] = []
        next.reserveCapacity(max(min(text.count, Self.reservedCapacity), text.count - shift))
        Bytes.append(text, shift..<text.count, to: &next)
        swap(&text, &next)
        next.removeSubrange(shift...)
        itemStart = 0
        start = max(start - shift, 0)
        if keepingItem && shift > 0 {
            for element in used { slots[Int(element.rawValue)] = slots[Int(element.rawValue)].map(moved(shift)) }
            categories = categories.map(moved(shift))
            enclosures = enclosures.map { ($0.url - shift, $0.base, $0.type.map(moved(shift)), $0.length) }
        }
        return next
    }

    private func moved(_ shift: Int) -> (Range<Int>) -> Range<Int> { { $0 - shift } }

    subscript(element: Element) -> Range<Int>? {
        get { slots[Int(element.rawValue)] }
        set {
            if slots[Int(element.rawValue)] == nil { used.append(element) }
            slots[Int(element.rawValue)] = newValue
        }
    }

    /// The candidate's range when it is there and not empty.
    func nonEmpty(_ element: Element) -> Range<Int>? {
        guard let range = self[element], !range.isEmpty else { return nil }
        return range
    }

    // MARK: Capturing

    mutating func beginCapture() {
        start = text.count
        truncated = false
    }

    /// Adds text to the capture in progress, up to `limit` bytes in all.
    mutating func append(_ bytes: Span<UInt8>, limit: Int) {
        let room = limit - (text.count - start)
        if bytes.count <= room {
            Bytes.append(bytes, to: &text)
        } else {
            truncated = true
            if room > 0 { Bytes.append(bytes, 0..<room, to: &text) }
        }
    }

    /// Whether the capture so far is only white space.
    var captureIsBlank: Bool {
        for index in start..<text.count where !Self.isSpace(text[index]) { return false }
        return true
    }

    /// Ends the capture: its range, trimmed; base64 content decoded first, unless it is not base64 or does not
    /// decode to text (an image: the base64 is kept, as feedparser does).
    mutating func endCapture(base64: Bool) -> Range<Int> {
        if base64, let decoded = Base64.decode(text[start...]), String(validating: decoded, as: UTF8.self) != nil {
            text.removeSubrange(start...)
            text.append(contentsOf: decoded)
        }
        return trimmed(start..<text.count)
    }

    /// Drops what the capture in progress has so far (it ends, or starts over).
    mutating func discardCapture() {
        removeText(from: start)
    }

    /// Drops the bytes from `position` on (a value added that is not kept after all).
    mutating func removeText(from position: Int) {
        text.removeSubrange(position...)
    }

    /// Whether no enclosure of the item has the URL `text[url]`; with `adding`, it is one of them from now on.
    mutating func isNewEnclosure(_ url: Range<Int>, adding: Bool) -> Bool {
        let bytes = Array(text[url])
        return adding ? enclosureURLs.insert(bytes).inserted : !enclosureURLs.contains(bytes)
    }

    /// Copies bytes in (an attribute's value, a resolved URL); their trimmed range.
    mutating func add(_ bytes: Span<UInt8>) -> Range<Int> {
        let start = text.count
        Bytes.append(bytes, to: &text)
        return trimmed(start..<text.count)
    }

    /// Copies part of another buffer in (the channel's title into an item's batch); its range.
    mutating func add(_ source: [UInt8], _ range: Range<Int>) -> Range<Int> {
        let start = text.count
        Bytes.append(source, range, to: &text)
        return start..<text.count
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper && Self.isSpace(text[lower]) { lower += 1 }
        while upper > lower && Self.isSpace(text[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension Range<Int> {
    /// The range moved `shift` places towards the start.
    fileprivate static func - (range: Range<Int>, shift: Int) -> Range<Int> {
        (range.lowerBound - shift)..<(range.upperBound - shift)
    }
}
