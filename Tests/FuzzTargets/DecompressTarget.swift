// Fuzz target `decompress`: any bytes as a compressed file (gzip, xz, bzip2 or zstd, told by their first bytes),
// through tb regex -c. Damaged, truncated or hostile data must end in a record or one message, never a crash or a
// hang; and read whole or in pieces of a few bytes, the same lines are counted (unless the data is damaged: see
// below) and the same status comes out.

/// tb's decompression on arbitrary bytes.
enum DecompressTarget: FuzzTarget {
    static let name = "decompress"

    /// The magic bytes of each format: an input that does not start with one gets the one its length picks, so that
    /// the fuzzer spends its bytes on the data after it.
    static let magics: [[UInt8]] = [
        [0x1F, 0x8B, 0x08], [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00], [0x42, 0x5A, 0x68, 0x39], [0x28, 0xB5, 0x2F, 0xFD],
    ]

    static func check(_ input: [UInt8]) throws(FuzzViolation) {
        var data = input
        if !magics.contains(where: { input.starts(with: $0) }) { data = magics[input.count % magics.count] + input }
        let path = InProcessCheck.write(data)
        // 0: lines counted; 1: none; 2: damaged data (after the count so far). A match per line, at most 1,000 lines:
        // a few hundred bytes of bzip2 make megabytes, and a match per byte took the sanitized build past the
        // fuzzer's timeout (decompress-timeout-bzip2-many-matches).
        let command = ["regex", "-c", "--include-zero", "-m", "1000", "^", path]
        let whole = try InProcessCheck.run(command, statuses: [0, 1, 2], messages: 1)
        let size = String(input.count % 61 + 1)
        let pieces = try InProcessCheck.run(command + ["--read-size", size], statuses: [0, 1, 2], messages: 1)
        // Except for damaged data: how much a library hands out before it sees the damage depends on how the input
        // arrives. libzstd decodes a frame it holds whole, and has room for, in one pass that hands out none of it on
        // an error, and names the damage its own way there ("Data corruption detected" where in pieces it says
        // "Destination buffer is too small"); liblzma handed out a line more when given a damaged stream whole. Both
        // runs still end in one message about the data, and the same status.
        let damaged = whole.status.code == 2 && whole.stderr.first?.contains("cannot decompress") == true
        let sameMessages =
            damaged
            ? whole.stderr.count == 1 && pieces.stderr.count == 1
                && whole.stderr[0].split(separator: ":").prefix(2) == pieces.stderr[0].split(separator: ":").prefix(2)
            : whole.stderr == pieces.stderr
        try require(
            (damaged || whole.stdout == pieces.stdout) && whole.status == pieces.status && sameMessages,
            "tb \(command.joined(separator: " ")): read whole and in pieces of \(size) bytes differ:\n"
                + "whole (\(whole.status.code)):\n\(whole.stdout)\(whole.stderr)\n"
                + "pieces (\(pieces.status.code)):\n\(pieces.stdout)\(pieces.stderr)")
    }
}
