// The Retry-After header of a 429 or 503 (RFC 9110 §10.2.3): delta-seconds or an HTTP date, turned into the moment
// the server said to come back. Anything else is ignored, as the RFC's readers do.

/// Reading a Retry-After value.
public enum RetryAfter {
    /// The moment `value` names, `now` being when the response came; nil for anything that is neither a number of
    /// seconds nor an HTTP date (IMF-fixdate, or the obsolete RFC 850 and asctime forms it still allows).
    public static func moment(_ value: String, now: Timestamp) -> Timestamp? {
        let text = value.trimmingWhitespace()
        if !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
            // More than a century is as good as never; the cap keeps the sum from overflowing.
            let seconds = Int64(text.count > 10 ? "9999999999" : text) ?? 0
            return Timestamp(seconds: now.seconds + min(seconds, 3_155_760_000), nanoseconds: now.nanoseconds)
        }
        return httpDate(text)
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`.
    static func httpDate(_ text: String) -> Timestamp? {
        var words = text.split { $0 == " " || $0 == "," || $0 == "-" }.map(String.init)
        guard let first = words.first, weekdays.contains(where: { first.lowercased().hasPrefix($0) }) else {
            return nil
        }
        words.removeFirst()
        let day: String
        let month: String
        var year: String
        let time: String
        if words.count == 4, monthNumber(words[0]) != nil {
            // asctime: month, day, time, year; in UTC.
            (month, day, time, year) = (words[0], words[1], words[2], words[3])
        } else if words.count == 5, ["GMT", "UTC"].contains(words[4].uppercased()) {
            (day, month, year, time) = (words[0], words[1], words[2], words[3])
        } else {
            return nil
        }
        // RFC 850's two-digit years: the nearest century to today's is good enough for a retry time.
        if year.count == 2 { year = (Int(year).map { $0 < 70 ? "20" : "19" } ?? "") + year }
        let clock = time.split(separator: ":", omittingEmptySubsequences: false)
        guard year.count == 4, (1...2).contains(day.count), clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
            let monthValue = monthNumber(month), let yearValue = Int(year), let dayValue = Int(day),
            let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2])
        else { return nil }
        return Timestamp(
            year: yearValue, month: monthValue, day: dayValue, hour: hour, minute: minute, second: second)
    }

    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func monthNumber(_ word: String) -> Int? {
        guard word.count == 3 else { return nil }
        return months.firstIndex(of: word.lowercased()).map { $0 + 1 }
    }
}
