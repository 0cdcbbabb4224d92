// Sources waiting to be fetched, handed out so that no server gets more than its share of connections at once: each
// server (scheme, host and port) has its own line, and the lines take turns.

/// A first-come line of work per server, with at most `perHost` of each server's running at once.
struct HostQueue<Element> {
    let perHost: Int
    private var lines: [String: WaitingLine<Element>] = [:]
    /// The servers with work waiting, in the order they got their turn.
    private var turns: [String] = []
    private var running: [String: Int] = [:]

    init(perHost: Int) { self.perHost = max(1, perHost) }

    /// How many are waiting.
    private(set) var count = 0
    var isEmpty: Bool { count == 0 }

    mutating func append(_ element: Element, server: String) {
        if lines[server] == nil {
            lines[server] = WaitingLine()
            turns.append(server)
        }
        lines[server]?.append(element)
        count += 1
    }

    /// The next piece of work whose server has a free slot, counted as running until `finished(server:)`; nil when
    /// every server with work waiting is at its limit. The server served goes to the back of the turns.
    mutating func next() -> (element: Element, server: String)? {
        guard let index = turns.firstIndex(where: { running[$0, default: 0] < perHost }) else { return nil }
        let server = turns.remove(at: index)
        guard var line = lines.removeValue(forKey: server), let element = line.take(upTo: 1).first else {
            return nil
        }
        if !line.isEmpty {
            lines[server] = line
            turns.append(server)
        }
        running[server, default: 0] += 1
        count -= 1
        return (element, server)
    }

    /// A piece of work of `server` ended: its slot is free.
    mutating func finished(server: String) {
        running[server, default: 1] -= 1
        if running[server] == 0 { running[server] = nil }
    }

    /// Takes every waiting element (a run that ends early reports each of them).
    mutating func takeAll() -> [Element] {
        var all: [Element] = []
        for server in turns { all += lines[server]?.takeAll() ?? [] }
        lines = [:]
        turns = []
        count = 0
        return all
    }

    /// The server of a URL, as connections are shared: lowercased scheme and host, and the port (the scheme's
    /// default when none is written). A user name does not make another server. A file: URL is its own.
    static func server(of url: String) -> String {
        let parts = URLReference.Parts(url)
        guard let scheme = parts.scheme?.lowercased(), var authority = parts.authority, scheme != "file" else {
            return url
        }
        if let at = authority.lastIndex(of: "@") { authority = String(authority[authority.index(after: at)...]) }
        authority = authority.lowercased()
        // An IPv6 literal holds colons of its own: the port is after the bracket.
        let hostEnd =
            authority.hasPrefix("[") ? authority.firstIndex(of: "]") ?? authority.endIndex : authority.startIndex
        let hasPort = authority[hostEnd...].contains(":")
        let defaults = ["http": "80", "https": "443", "ftp": "21", "ftps": "990"]
        if !hasPort, let port = defaults[scheme] { authority += ":" + port }
        return scheme + "://" + authority
    }
}
