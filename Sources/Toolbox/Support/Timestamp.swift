// A moment in time, written as RFC 3339 in UTC in whole seconds (`2026-11-29T16:45:19Z`) and read with or without a
// fraction, without Foundation.
import Bytes
import POSIX

/// A moment in UTC with nanosecond precision.
public struct Timestamp: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64
    /// Nanoseconds within the second, 0 through 999,999,999.
    public var nanoseconds: Int32

    public init(seconds: Int64, nanoseconds: Int32 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The current time from the system clock.
    public static func now() -> Timestamp {
        let now = Clock.now()
        return Timestamp(seconds: now.seconds, nanoseconds: now.nanoseconds)
    }

    /// The same moment without its fraction of a second.
    public var wholeSeconds: Timestamp { Timestamp(seconds: seconds) }

    /// The moment given by a calendar date and time of day at `offset` seconds east of UTC, or nil when a part is
    /// out of range (month 13, February 30, hour 25, second 61…) or the moment is outside the years 0001–9999 in
    /// UTC, which RFC 3339 cannot write. A leap second (60) counts as the next second.
    public init?(
        year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanoseconds: Int = 0,
        offset: Int = 0
    ) {
        guard (0...10_000).contains(year), (1...12).contains(month), day >= 1,
            day <= Timestamp.daysIn(month: month, year: year), (0...23).contains(hour), (0...59).contains(minute),
            (0...60).contains(second), (0..<1_000_000_000).contains(nanoseconds), abs(offset) < 86_400
        else { return nil }
        let days = Timestamp.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        guard Timestamp.writable.contains(seconds) else { return nil }
        self.seconds = seconds
        self.nanoseconds = Int32(nanoseconds)
    }

    /// The seconds from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z: what RFC 3339's four-digit years can write.
    static let writable: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    public static func < (a: Timestamp, b: Timestamp) -> Bool {
        (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
    }

    /// RFC 3339 in UTC with `Z`, in whole seconds: the fraction is dropped (never rounded up into the next second),
    /// because jq's `fromdate` and many other readers reject `2026-11-28T08:12:30.5Z`.
    public var rfc3339: String {
        var out = ByteBuffer(capacity: 32)
        Timestamp.write(civil(offset: 0), separator: UInt8(ascii: "T"), zone: true, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `rfc3339` as a JSON string, written straight into `out`: a time in every record of a listing made a String
    /// each, a tenth of `tb svn ls`'s time on a cached listing.
    func appendQuotedRFC3339(to out: inout ByteBuffer) {
        out.append(UInt8(ascii: "\""))
        Timestamp.write(civil(offset: 0), separator: UInt8(ascii: "T"), zone: true, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// `2026-11-29 17:45:19` in the local time zone, for tables read by people.
    public var localDescription: String {
        var out = ByteBuffer(capacity: 32)
        Timestamp.write(
            civil(offset: Clock.localOffset(at: seconds)), separator: UInt8(ascii: " "), zone: false, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Reads RFC 3339 (`2026-11-29T16:45:19Z`, `…19.5+01:00`, lowercase `t`/`z` or a space as separator).
    public init?(rfc3339 text: String) {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(4), scanner.skip("-"), let month = scanner.number(2), scanner.skip("-"),
            let day = scanner.number(2), scanner.skip(anyOf: "Tt "), let hour = scanner.number(2), scanner.skip(":"),
            let minute = scanner.number(2), scanner.skip(":"), let second = scanner.number(2)
        else { return nil }
        var nanos = 0
        if scanner.skip(".") {
            guard let fraction = scanner.fraction() else { return nil }
            nanos = fraction
        }
        var offset = 0
        if scanner.skip(anyOf: "Zz") {
            offset = 0
        } else if let sign = scanner.sign(), let hours = scanner.number(2), scanner.skip(":"),
            let minutes = scanner.number(2)
        {
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard scanner.atEnd else { return nil }
        self.init(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, nanoseconds: nanos,
            offset: offset)
    }

    /// The calendar date and time of day at `offset` seconds east of UTC.
    func civil(offset: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let local = seconds + Int64(offset)
        let days = Int(local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
        let secondOfDay = Int(local - Int64(days) * 86_400)
        let date = Timestamp.date(fromDaysSinceEpoch: days)
        return (date.year, date.month, date.day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// The one formatter of times: `2026-11-29T17:45:19` (with `Z` when `zone`), years of four digits and, outside
    /// 0–9999, as many as they take.
    private static func write(
        _ c: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int), separator: UInt8, zone: Bool,
        to out: inout ByteBuffer
    ) {
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                out.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        if (0..<10_000).contains(c.year) { digits(c.year, 4) } else { out.appendDecimal(c.year) }
        out.append(UInt8(ascii: "-"))
        digits(c.month, 2)
        out.append(UInt8(ascii: "-"))
        digits(c.day, 2)
        out.append(separator)
        digits(c.hour, 2)
        out.append(UInt8(ascii: ":"))
        digits(c.minute, 2)
        out.append(UInt8(ascii: ":"))
        digits(c.second, 2)
        if zone { out.append(UInt8(ascii: "Z")) }
    }

    /// Whether `year` has a February 29 in the proleptic Gregorian calendar.
    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The number of days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil and civil_from_days: exact for every proleptic Gregorian date.
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func date(fromDaysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
