// How the table's columns share the width: while streaming, from the terminal and each field's declared nature; when
// every row is known, from the rows themselves. Columns that cannot get their least are left out, expendable ones
// first; columns a command names get their width before the others share the rest. Also how a value is cut.

/// Column widths and cutting.
enum TableLayout {
    /// Spaces between two columns.
    static let gap = 2
    /// Text and URLs get at least this many columns, or their column is left out.
    static let flexibleMinimum = 16

    /// What a column needs: `widest` is its widest value seen so far, header included; `complete` says whether
    /// every row of the table is known (otherwise later rows may be wider, and declared widths rule). `claim`: the
    /// column gets its width first, as much as that (or its widest value).
    static func need(header: Int, nature: Field.Nature, widest: Int, complete: Bool, claim: Int? = nil) -> ColumnNeed {
        var need = ColumnNeed(
            minimum: 0, desired: widest, widest: widest, flexible: false, expendability: nature.expendability,
            claim: claim.map { max($0, widest) })
        if let declared = nature.width {
            let planned = max(header, declared)
            need.minimum = complete ? min(widest, planned) : planned
            if !complete { need.desired = max(planned, widest) }
        } else {
            let least = max(header, flexibleMinimum)
            need.flexible = true
            need.minimum = complete ? min(widest, least) : least
            if !complete { need.desired = nil }
        }
        return need
    }

    /// The width of each column, nil for those left out. Without a limit every column gets what it wants. With one,
    /// columns are left out (the most expendable, the rightmost of equals) until the others' least fits; then
    /// columns of a known width get what they want, and text and URLs share the rest, narrowest first (expendable
    /// ones last); columns with a claim get it before that sharing, expendable columns left out for it.
    static func fit(_ needs: [ColumnNeed], into limit: Int?) -> [Int?] {
        guard let limit else { return needs.map { $0.desired ?? max($0.minimum, $0.widest) } }
        var kept = Array(needs.indices)
        func least() -> Int { kept.reduce(0) { $0 + needs[$1].minimum } + gap * max(0, kept.count - 1) }
        while kept.count > 1 && least() > limit {
            let most = kept.map { needs[$0].expendability }.max() ?? 0
            let left = kept.last { needs[$0].expendability == most }
            kept.removeAll { $0 == left }
        }
        // A column with a claim takes it before expendable columns beside it are kept (html's value before its path).
        func claimed() -> Int {
            kept.reduce(0) { sum, column in
                let need = needs[column]
                return sum + (need.claim.map { max(0, min($0, need.desired ?? $0) - need.minimum) } ?? 0)
            }
        }
        while least() + claimed() > limit {
            let expendable = kept.filter { needs[$0].claim == nil && needs[$0].expendability > 0 }
            let most = expendable.map { needs[$0].expendability }.max() ?? 0
            guard let left = expendable.last(where: { needs[$0].expendability == most }) else { break }
            kept.removeAll { $0 == left }
        }
        var widths = kept.map { needs[$0].minimum }
        var room = limit - least()
        if room < 0 {
            // One column, wider than the terminal at its least.
            widths = widths.map { _ in max(1, limit) }
            room = 0
        }
        for position in widths.indices where !needs[kept[position]].flexible {
            let more = min(room, max(0, (needs[kept[position]].desired ?? 0) - widths[position]))
            widths[position] += more
            room -= more
        }
        // The columns the command named first (the targets of tb reach, the values of tb html): what the reader came
        // for is whole before the text beside it (an error, a path) grows past its least.
        for position in widths.indices {
            guard let claim = needs[kept[position]].claim else { continue }
            let more = min(room, max(0, min(claim, needs[kept[position]].desired ?? claim) - widths[position]))
            widths[position] += more
            room -= more
        }
        while room > 0 {
            let growing = widths.indices.filter { position in
                let need = needs[kept[position]]
                return need.flexible && need.desired.map { widths[position] < $0 } ?? true
            }
            // Expendable text (the feed's source) keeps to its least while the rest can grow.
            let next = growing.min {
                (needs[kept[$0]].expendability, widths[$0]) < (needs[kept[$1]].expendability, widths[$1])
            }
            guard let narrowest = next else { break }
            widths[narrowest] += 1
            room -= 1
        }
        var result = [Int?](repeating: nil, count: needs.count)
        for (position, column) in kept.enumerated() { result[column] = widths[position] }
        return result
    }

    /// `text` in at most `width` columns: as it is when it fits, else cut with `…` at the end, or in the middle,
    /// keeping the last part of a URL or path (`https://exa…/feed.xml`) whole when that leaves enough of the start,
    /// else half of each end.
    static func cut(_ text: String, to width: Int, _ cut: Field.Nature.Cut) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        guard cut == .middle, width >= 5 else { return DisplayWidth.truncate(text, to: width) }
        let room = width - 1
        let characters = Array(text)
        var tailRoom = room / 2
        let body = characters.last == "/" ? characters.dropLast() : characters[...]
        if let slash = body.lastIndex(of: "/"), slash > 0 {
            let lastPart = DisplayWidth.of(String(characters[slash...]))
            // The start keeps 6 columns past a scheme's `://`, or half the room when that is less.
            let scheme = text.firstRange(of: "://").map { DisplayWidth.of(String(text[..<$0.upperBound])) } ?? 0
            if lastPart <= room - min(room / 2, scheme + 6) { tailRoom = lastPart }
        }
        let tail = DisplayWidth.suffix(of: characters, fitting: tailRoom)
        return DisplayWidth.prefix(of: characters, fitting: room - tail.width).text + "…" + tail.text
    }
}
