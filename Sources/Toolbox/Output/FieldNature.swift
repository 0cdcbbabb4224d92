// What a field's values look like to the table: how wide its column is before any row is seen, how a value too wide
// for it is cut, and which of its words are coloured. A streaming table is laid out from this, not from its first rows.

extension Field {
    /// When the table shows a field that --fields did not choose.
    public enum TableColumn: Sendable, Equatable {
        /// Always.
        case shown
        /// Not unless the command asks for it in a run (`Output.showInTable`).
        case hidden
        /// When a row has a value. A table whose rows are all known leaves the column out when none has one; a
        /// streaming table decides from the rows it held back, or keeps room for it when the command asked.
        case whenSet
    }

    /// The look of a field's values, for the table.
    public struct Nature: Sendable {
        /// How a value too wide for its column is shortened.
        public enum Cut: Sendable { case end, middle }
        /// What a word says, for its colour.
        public enum Tone: Sendable { case good, bad }

        /// The column's width before any row is seen; nil for text that shares the room the others leave.
        public let width: Int?
        /// URLs and paths are cut in the middle, so that the host and the last part stay; text at the end.
        public let cut: Cut
        /// Words shown in colour when colour is on: green for success, red for failure.
        public let tones: [String: Tone]
        /// When the terminal is too narrow for every column, the most expendable go first (0: only when nothing
        /// else is left to go; the rightmost of equals first).
        public let expendability: Int

        /// Free text: shares the room left, cut at the end.
        public static let text = Nature(width: nil, cut: .end)
        /// URLs and paths: share the room left, cut in the middle.
        public static let url = Nature(width: nil, cut: .middle)
        /// A time, in local time: `2026-11-29 17:45:19`.
        public static let time = Nature(width: 19, cut: .end)

        /// Short text, usually no wider than `width` (interface names, addresses).
        public static func short(_ width: Int, cut: Cut = .end) -> Nature {
            Nature(width: width, cut: cut)
        }

        /// A number of up to `digits` characters.
        public static func number(_ digits: Int) -> Nature {
            Nature(width: digits, cut: .end)
        }

        /// One of a known set of words, so the column is as wide as the longest: `good` ones green, `bad` ones red.
        public static func words(good: [String] = [], bad: [String] = [], other: [String] = []) -> Nature {
            var tones: [String: Tone] = [:]
            for word in good { tones[word] = .good }
            for word in bad { tones[word] = .bad }
            let widest = (good + bad + other).map(DisplayWidth.of).max() ?? 0
            return Nature(width: widest, cut: .end, tones: tones)
        }

        /// The same, left out before the columns of a lower `rank` when the terminal is too narrow for every column.
        public func expendable(_ rank: Int = 1) -> Nature {
            Nature(width: width, cut: cut, tones: tones, expendability: rank)
        }

        /// What a field of `kind` looks like when its declaration does not say.
        public static func standard(for kind: Kind) -> Nature {
            switch kind {
            case .string, .array, .object: return .text
            case .integer: return .number(7)
            case .number: return .number(8)
            case .boolean: return .words(other: ["yes", "no"])
            case .time: return .time
            }
        }

        init(width: Int?, cut: Cut, tones: [String: Tone] = [:], expendability: Int = 0) {
            self.width = width
            self.cut = cut
            self.tones = tones
            self.expendability = expendability
        }
    }
}
