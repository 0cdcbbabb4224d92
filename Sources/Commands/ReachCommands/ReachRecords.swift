// The records of tb reach: `reach`, one per target and check, and with --watch, `change` when a target's status
// changes.
import Toolbox

extension Field.Nature {
    /// A status word: reachable and routable in green, the failures in red.
    static let reachStatus = Field.Nature.words(
        good: [ReachStatus.reachable.rawValue, ReachStatus.routable.rawValue],
        bad: ReachStatus.allCases.filter { $0 != .reachable && $0 != .routable }.map(\.rawValue))
    /// yes in green, no in red.
    static let reachability = Field.Nature.words(good: ["yes"], bad: ["no"])
    /// loopback, ethernet…
    static let interfaceKind = Field.Nature.words(other: InterfaceKind.allCases.map(\.rawValue))
}

/// One check of one target.
struct ReachRecord: Record {
    static let schema = RecordSchema(
        type: "reach", summary: "one per target, written as its check ends",
        fields: [
            // On a narrow terminal the table leaves out the method first (the target shows it), then the interface,
            // then the address.
            Field("target", .string, "the target as given", nature: .url),
            Field("host", .string, "the host name or address", inTable: false),
            Field("port", .integer, "the port (null for route checks)", inTable: false),
            Field(
                "method", .string, "icmp, route, tcp, http or tls",
                nature: .words(other: ReachMethod.allCases.map(\.rawValue)).expendable(3)),
            // The status says it too, in colour: the table leaves this one out.
            Field(
                "reachable", .boolean,
                "whether the check succeeded: the host answered, or for a route check, the kernel has a route",
                inTable: false),
            Field(
                "status", .string,
                "reachable (it answered), routable (a route check found a route; nothing was sent), refused, timeout, "
                    + "unreachable (an ICMP error came back), dns_failed, no_route, http_error, tls_error or "
                    + "cert_expiring (its certificate ends within --min-cert-days)",
                nature: .reachStatus),
            Field(
                "address", .string, "the address checked (the one that answered, when any did)",
                nature: .short(15, cut: .middle).expendable(1)),
            Field("interface", .string, "the local interface the traffic leaves by", nature: .short(9).expendable(2)),
            Field("interface_kind", .string, "loopback, ethernet, wireless, cellular, tunnel or other", inTable: false),
            Field("dns_ms", .number, "name lookup time (null for addresses)", inTable: false),
            Field("connect_ms", .number, "TCP connect time (the handshake as the kernel timed it)", inTable: false),
            Field("tls_ms", .number, "TLS handshake time (https)", inTable: false),
            Field("http_status", .integer, "the HTTP status code", table: .whenSet, nature: .number(3)),
            Field("sent", .integer, "icmp: echo requests sent", inTable: false),
            Field("received", .integer, "icmp: echo replies received", inTable: false),
            Field("loss_percent", .number, "icmp: the share of echoes unanswered, 0 to 100", table: .whenSet),
            Field("rtt_min_ms", .number, "icmp: the shortest round trip (null without a reply)", inTable: false),
            Field("rtt_avg_ms", .number, "icmp: the mean round trip (null without a reply)", table: .whenSet),
            Field("rtt_max_ms", .number, "icmp: the longest round trip (null without a reply)", inTable: false),
            Field("total_ms", .number, "the whole check"),
            Field("tries", .integer, "with --wait: how many checks were made", inTable: false),
            Field("waited_ms", .number, "with --wait: from the first try to this result", inTable: false),
            Field("error", .string, "why it is not reachable", table: .whenSet),
            Field(
                "cert_not_after", .time,
                "https and tls: when the server's certificate ends (also when verification refused it)", inTable: false),
            Field(
                "cert_days_left", .integer,
                "https and tls: whole days until the certificate ends (negative once ended)",
                table: .whenSet, nature: .number(5)
            ).headed("DAYS_LEFT"),
            Field(
                "cert_subject", .string, "https and tls: the certificate's subject (C = FR, O = …, CN = …)",
                inTable: false),
            Field("cert_issuer", .string, "https and tls: who issued it", inTable: false),
            Field(
                "cert_name_matches", .boolean,
                "https and tls: whether it names the host (its DNS names or addresses, else its common name)",
                inTable: false),
        ])

    let target: ReachTarget
    let result: ReachResult

    func encode(to encoder: inout RecordEncoder) {
        encoder.string(target.text)
        encoder.string(target.host)
        encoder.integer(target.method == .route ? nil : target.port)
        encoder.string(target.method.rawValue)
        encoder.boolean(result.reachable)
        encoder.string(result.status.rawValue)
        encoder.string(result.address)
        encoder.string(result.interface)
        encoder.string(result.interfaceKind)
        encoder.number(milliseconds(result.dns))
        encoder.number(milliseconds(result.connect))
        encoder.number(milliseconds(result.tls))
        encoder.integer(result.httpStatus)
        let echoes = result.echoes
        encoder.integer(echoes?.sent)
        encoder.integer(echoes?.received)
        encoder.number(echoes.map(\.lossPercent))
        encoder.number(milliseconds(echoes?.shortest))
        encoder.number(milliseconds(echoes?.mean))
        encoder.number(milliseconds(echoes?.longest))
        encoder.number(milliseconds(result.total))
        encoder.integer(result.tries)
        encoder.number(milliseconds(result.waited))
        encoder.string(result.error)
        encoder.time(result.certificate?.notAfter)
        encoder.integer(result.certificateDaysLeft)
        encoder.string(result.certificate?.subject)
        encoder.string(result.certificate?.issuer)
        encoder.boolean(result.certificateNamesHost)
    }
}

/// With --watch: a target's status changed.
struct ChangeRecord: Record {
    static let schema = RecordSchema(
        type: "change", summary: "with --watch, whenever a target's status changes",
        fields: [
            Field("time", .time, "when the change was seen"),
            Field("target", .string, "the target as given", nature: .url),
            Field("reachable", .boolean, "whether it is reachable now", nature: .reachability),
            Field("previous", .boolean, "whether it was before", nature: .reachability),
            Field("status", .string, "the status of the check that saw the change", nature: .reachStatus),
            Field("previous_status", .string, "the status before", nature: .reachStatus),
            Field(
                "interface", .string, "the local interface the traffic leaves by now", nature: .short(9).expendable()),
            Field(
                "interface_kind", .string, "loopback, ethernet, wireless, cellular, tunnel or other",
                nature: .interfaceKind.expendable(2)),
        ])

    let time: Timestamp
    let target: ReachTarget
    let result: ReachResult
    let previous: ReachStatus

    func encode(to encoder: inout RecordEncoder) {
        encoder.time(time)
        encoder.string(target.text)
        encoder.boolean(result.reachable)
        encoder.boolean(previous.succeeded)
        encoder.string(result.status.rawValue)
        encoder.string(previous.rawValue)
        encoder.string(result.interface)
        encoder.string(result.interfaceKind)
    }
}

/// Microseconds as milliseconds with three decimals.
private func milliseconds(_ microseconds: Int?) -> Double? {
    microseconds.map { Double($0) / 1000 }
}
