// Dates as feeds write them, turned into one moment in UTC: RFC 822 (with named and military zones, two-digit years,
// no seconds, no weekday) and RFC 3339 / W3C-DTF (with fractions, and partial dates such as "2026-11"). Read as
// bytes, without a String: every item has one or two.
import Toolbox

/// Date parsing for feeds. An unparseable date is nil, never "now".
enum FeedDates {
    /// The moment `text[range]` names, or nil.
    static func parse(_ text: [UInt8], _ range: Range<Int>) -> Timestamp? {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end && isSpace(text[start]) { start += 1 }
        while end > start && isSpace(text[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        if isDigit(text[start]), let date = iso8601(text, start..<end) { return date }
        return rfc822(text, start..<end)
    }

    // MARK: RFC 3339 and W3C-DTF

    /// YYYY, YYYY-MM, YYYY-MM-DD, then optionally T or a space, hh:mm, :ss, .fraction and Z or ±hh:mm (or ±hhmm).
    static func iso8601(_ bytes: [UInt8], _ range: Range<Int>) -> Timestamp? {
        var scanner = DigitScanner(bytes, range)
        guard let year = scanner.number(4) else { return nil }
        var month = 1
        var day = 1
        if scanner.skip(UInt8(ascii: "-")) {
            guard let m = scanner.number(2) else { return nil }
            month = m
            if scanner.skip(UInt8(ascii: "-")) {
                guard let d = scanner.number(2) else { return nil }
                day = d
            }
        }
        var hour = 0
        var minute = 0
        var second = 0
        var nanos = 0
        var offset = 0
        if scanner.skip(UInt8(ascii: "T")) || scanner.skip(UInt8(ascii: "t")) || scanner.skip(UInt8(ascii: " ")) {
            guard let h = scanner.number(2), scanner.skip(UInt8(ascii: ":")), let m = scanner.number(2) else {
                return nil
            }
            (hour, minute) = (h, m)
            if scanner.skip(UInt8(ascii: ":")) {
                guard let s = scanner.number(2) else { return nil }
                second = s
                if scanner.skip(UInt8(ascii: ".")) || scanner.skip(UInt8(ascii: ",")) {
                    guard let fraction = scanner.fraction() else { return nil }
                    nanos = fraction
                }
            }
            if let zone = scanner.numericZone() {
                offset = zone
            } else if !(scanner.skip(UInt8(ascii: "Z")) || scanner.skip(UInt8(ascii: "z"))) {
                // No zone: UTC, as feedparser assumes.
                offset = 0
            }
        }
        guard scanner.atEnd else { return nil }
        return Timestamp(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanoseconds: nanos,
            offset: offset)
    }

    // MARK: RFC 822

    /// Month names by their first three letters, lowercase, packed into one integer each.
    private static let months: [UInt32] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    .map { pack(Array($0.utf8)[...]) }

    /// The named zones of RFC 822 and the ones feeds use besides, in minutes east of UTC.
    private static let zones: [(UInt32, Int)] = [
        ("ut", 0), ("utc", 0), ("gmt", 0), ("z", 0), ("est", -300), ("edt", -240), ("cst", -360), ("cdt", -300),
        ("mst", -420), ("mdt", -360), ("pst", -480), ("pdt", -420), ("bst", 60), ("cet", 60), ("cest", 120),
        ("eet", 120), ("eest", 180), ("ist", 330), ("jst", 540), ("aest", 600), ("aedt", 660), ("nzst", 720),
    ].map { (pack(Array($0.0.utf8)[...]), $0.1) }

    /// [Weekday,] DD Mon YY[YY] HH:MM[:SS] [zone], leniently: any case, commas and dots optional, one-digit days and
    /// hours, the month and day in either order.
    static func rfc822(_ bytes: [UInt8], _ range: Range<Int>) -> Timestamp? {
        var words = Words(bytes: bytes, position: range.lowerBound, end: range.upperBound)
        guard var dayOrMonth = words.next() else { return nil }
        // A weekday name (any length) is ignored.
        if isLetter(bytes[dayOrMonth.lowerBound]), monthNumber(bytes, dayOrMonth) == nil {
            guard let next = words.next() else { return nil }
            dayOrMonth = next
        }
        guard let monthOrDay = words.next(), let third = words.next() else { return nil }
        var day: Int
        var month: Int
        if let number = integer(bytes, dayOrMonth), let name = monthNumber(bytes, monthOrDay) {
            (day, month) = (number, name)
        } else if let name = monthNumber(bytes, dayOrMonth), let number = integer(bytes, monthOrDay) {
            (day, month) = (number, name)
        } else {
            return nil
        }
        guard var year = integer(bytes, third) else { return nil }
        if third.count <= 2 { year += year < 50 ? 2000 : 1900 }
        var hour = 0
        var minute = 0
        var second = 0
        var word = words.next()
        if let time = word, bytes[time].contains(UInt8(ascii: ":")) {
            // h:mm or h:mm:ss.
            var parts = (0, 0, 0)
            var count = 0
            var value = -1
            for byte in bytes[time] {
                if byte == UInt8(ascii: ":") {
                    guard value >= 0, count < 2 else { return nil }
                    if count == 0 { parts.0 = value } else { parts.1 = value }
                    count += 1
                    value = -1
                } else if isDigit(byte) {
                    // Two digits at most: more is no time of day, and without a bound the number would overflow.
                    guard value < 10 else { return nil }
                    value = max(value, 0) * 10 + Int(byte - 0x30)
                } else {
                    return nil
                }
            }
            guard value >= 0 else { return nil }
            if count == 1 { parts.1 = value } else { parts.2 = value }
            (hour, minute, second) = parts
            word = words.next()
        }
        var offset = 0
        if let zone = word {
            guard let minutes = zoneOffset(bytes, zone) else { return nil }
            offset = minutes * 60
            word = words.next()
        }
        // Some feeds add the zone's name in parentheses after its offset: "+0100 (CET)".
        while let extra = word {
            guard bytes[extra.lowerBound] == UInt8(ascii: "(") || bytes[extra.upperBound - 1] == UInt8(ascii: ")")
            else { return nil }
            word = words.next()
        }
        return Timestamp(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// The words of an RFC 822 date, without the commas and spaces between them or a dot after them; at most eight.
    private struct Words {
        let bytes: [UInt8]
        var position: Int
        let end: Int
        var count = 0

        mutating func next() -> Range<Int>? {
            while count < 8 && position < end {
                while position < end && isSeparator(bytes[position]) { position += 1 }
                let start = position
                while position < end && !isSeparator(bytes[position]) { position += 1 }
                let upper = position > start && bytes[position - 1] == UInt8(ascii: ".") ? position - 1 : position
                if upper > start {
                    count += 1
                    return start..<upper
                }
            }
            return nil
        }
    }

    private static func monthNumber(_ bytes: [UInt8], _ word: Range<Int>) -> Int? {
        guard word.count >= 3 else { return nil }
        let key = pack(bytes[word.lowerBound..<(word.lowerBound + 3)])
        return months.firstIndex(of: key).map { $0 + 1 }
    }

    /// A zone in minutes east of UTC: ±hhmm, ±hh:mm, a name, or a military letter as RFC 822 defines them (A–I and
    /// K–M are −1 to −12 hours, N–Y +1 to +12, Z is UTC), as feedparser reads them too.
    private static func zoneOffset(_ bytes: [UInt8], _ word: Range<Int>) -> Int? {
        if word.count <= 4 {
            let key = pack(bytes[word])
            for (name, minutes) in zones where name == key { return minutes }
        }
        var scanner = DigitScanner(bytes, word)
        if let seconds = scanner.numericZone(), scanner.atEnd { return seconds / 60 }
        guard word.count == 1 else { return nil }
        let letter = bytes[word.lowerBound] | 0x20
        switch letter {
        case 0x61...0x69: return -Int(letter - 0x60) * 60  // a–i: −1 to −9
        case 0x6B...0x6D: return -Int(letter - 0x61) * 60  // k–m: −10 to −12
        case 0x6E...0x79: return Int(letter - 0x6D) * 60  // n–y: +1 to +12
        default: return nil
        }
    }

    /// Up to four letters, lowercased, in one integer.
    private static func pack(_ letters: ArraySlice<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for byte in letters.prefix(4) { value = value << 8 | UInt32(byte | 0x20) }
        return value | UInt32(min(letters.count, 5)) << 29
    }

    private static func integer(_ bytes: [UInt8], _ word: Range<Int>) -> Int? {
        guard !word.isEmpty, word.count <= 9 else { return nil }
        var value = 0
        for byte in bytes[word] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == UInt8(ascii: ",") || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
}

extension DigitScanner {
    /// ±hh:mm, ±hhmm or ±hh, in seconds east of UTC.
    mutating func numericZone() -> Int? {
        let start = position
        guard let sign = sign() else { return nil }
        guard let hours = number(2) else {
            rewind(to: start)
            return nil
        }
        var minutes = 0
        if skip(UInt8(ascii: ":")) {
            guard let m = number(2) else {
                rewind(to: start)
                return nil
            }
            minutes = m
        } else if let m = number(2) {
            minutes = m
        }
        return sign * (hours * 3600 + minutes * 60)
    }
}
