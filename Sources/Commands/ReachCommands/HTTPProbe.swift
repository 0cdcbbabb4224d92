// `--method http` (http and https URLs): does a HEAD (or, when the server refuses HEAD, a GET stopped at the first
// bytes) get an expected status; `--method tls` (tls://host:port): does a TLS handshake succeed, with no request.
// libcurl runs it on the shared multi handle, with the addresses resolved under the check's deadline handed over
// (CURLOPT_RESOLVE): libcurl's own resolver would wait past it. An https or tls check keeps the server's
// certificate; when verification refuses it, the handshake is made once more without verifying, only to read it.
import Curl
import Net
import Toolbox

/// An HTTP or TLS check.
final class HTTPProbe: Probe {
    private let index: Int
    private let services: ProbeServices
    /// A tls check: the handshake, and no request.
    private let handshakeOnly: Bool
    /// The addresses libcurl is to use (the name was resolved here, under the deadline).
    private var addresses: [IPAddress] = []
    private var transfer: CurlTransfer?
    private var triedGET = false
    /// The check's result while the handshake is made again to read the certificate verification refused.
    private var refused: ReachResult?

    init(index: Int, services: ProbeServices, handshakeOnly: Bool = false) {
        self.index = index
        self.services = services
        self.handshakeOnly = handshakeOnly
    }

    func start(_ check: ReachCheck, addresses: [IPAddress]) -> ProbeStep {
        self.addresses = addresses
        return request(check, get: false)
    }

    /// Starts a transfer: the request (`get`: a GET rather than a HEAD), or with `readingCertificate` a handshake
    /// that verifies nothing.
    private func request(_ check: ReachCheck, get: Bool, readingCertificate: Bool = false) -> ProbeStep {
        let target = check.target
        guard let url = target.url else { return .running }
        let multi: CurlMulti
        do {
            multi = try services.curlMulti()
        } catch {
            return .finished(check.failed(.httpError, "cannot make HTTP requests: \(error)"))
        }
        var options = CurlTransfer.Options(url: url)
        let remaining = max(1, Int((check.deadline - Prober.now) / 1_000_000))
        options.timeout = remaining
        options.connectTimeout = remaining
        options.stallTimeout = 0
        options.maxRedirects = 0
        options.headOnly = !get
        options.failOnHTTPError = false
        services.settings.request.apply(to: &options)
        options.certificateInfo = check.target.hasCertificate
        options.connectOnly = handshakeOnly || readingCertificate
        if readingCertificate { options.insecure = true }
        if IPAddress(target.host) == nil, let port = target.port {
            let list = addresses.map { $0.family == .ipv6 ? "[\($0)]" : "\($0)" }.joined(separator: ",")
            options.resolve = ["\(target.host):\(port):\(list)"]
        }
        do {
            // The status is all that is wanted: a GET stops at the first bytes of the body.
            let transfer = try CurlTransfer(options) { _ in false }
            try multi.add(transfer)
            try multi.perform()
            self.transfer = transfer
            triedGET = get
            services.transfers[ObjectIdentifier(transfer)] = index
            return .running
        } catch {
            return .finished(check.failed(.httpError, "cannot check '\(url)': \(error)"))
        }
    }

    func event(_ check: ReachCheck, _ event: ProbeEvent, at time: Int64) -> ProbeStep {
        guard case .transferEnded(let transfer, let error) = event else { return .running }
        self.transfer = nil
        if var result = refused {
            // The handshake made again: its certificate is the one verification refused.
            refused = nil
            if error == nil { describe(transfer.certificates.first, in: &result, host: check.target.host) }
            return .finished(result)
        }
        let target = check.target
        let timings = transfer.timings
        var result = check.result(.reachable)
        describe(transfer.certificates.first, in: &result, host: target.host)
        result.address = transfer.primaryIP
        if let local = transfer.localIP.flatMap(IPAddress.init) {
            (result.interface, result.interfaceKind) = services.interface(of: local)
        }
        if timings.connect > 0 { result.connect = timings.connect - timings.lookup }
        if timings.tls > 0 { result.tls = timings.tls - timings.connect }
        if let error, !(error.isAbortedByReceiver && triedGET) {
            if error.isConnectFailure && transfer.ranOutOfDescriptors && services.othersRunning { return .requeue }
            result.status = Self.status(of: error, transfer)
            result.error = "'\(place(target))': \(error.message)"
            if result.status == .tlsError, result.certificate == nil, error.isCertificateFailure,
                check.deadline > Prober.now
            {
                refused = result
                return request(check, get: false, readingCertificate: true)
            }
            return .finished(result)
        }
        if handshakeOnly { return .finished(checkExpiry(result, target)) }
        let code = transfer.responseCode
        // Some servers refuse HEAD; a GET (stopped at once) asks again.
        if (code == 405 || code == 501) && !triedGET {
            return request(check, get: true)
        }
        result.httpStatus = code
        if !services.settings.accepts(code) {
            result.status = .httpError
            result.error = "'\(place(target))': HTTP \(code)"
            return .finished(result)
        }
        return .finished(checkExpiry(result, target))
    }

    /// How messages name the target: its URL, or for a tls check the target as given (the URL is libcurl's means).
    private func place(_ target: ReachTarget) -> String {
        handshakeOnly ? target.text : target.url ?? target.host
    }

    /// Fills the certificate fields of `result` from `certificate` (the server's own, as libcurl read it).
    private func describe(_ certificate: [(name: String, value: String)]?, in result: inout ReachResult, host: String) {
        guard let certificate, let read = ServerCertificate(certificate) else { return }
        result.certificate = read
        result.certificateNamesHost = read.names(host)
        result.certificateDaysLeft = read.daysLeft(at: Timestamp.now())
    }

    /// A check that succeeded with a certificate that ends within --min-cert-days: cert_expiring.
    private func checkExpiry(_ result: ReachResult, _ target: ReachTarget) -> ReachResult {
        guard let minimum = services.settings.minimumCertificateDays, let days = result.certificateDaysLeft,
            let certificate = result.certificate, days < minimum
        else { return result }
        var result = result
        result.status = .certExpiring
        let end = certificate.notAfter.rfc3339
        result.error =
            days < 0
            ? "'\(place(target))': the certificate ended at \(end)"
            : "'\(place(target))': the certificate ends at \(end), in \(days) day\(days == 1 ? "" : "s") "
                + "(--min-cert-days \(minimum))"
        return result
    }

    /// How a failed transfer ended.
    private static func status(of error: CurlError, _ transfer: CurlTransfer) -> ReachStatus {
        if error.isResolveFailure { return .dnsFailed }
        if error.isTimeout { return .timeout }
        if error.isConnectFailure {
            return NetError.system(transfer.systemErrorCode).isRefused ? .refused : .noRoute
        }
        return error.isTLSFailure ? .tlsError : .httpError
    }

    func timeout(_ check: ReachCheck) -> ReachResult {
        // Verification refused the certificate already: that is the answer, read or not.
        if let refused {
            close()
            self.refused = nil
            return refused
        }
        guard transfer != nil else { return check.silent(pending: nil, settings: services.settings) }
        let target = check.target
        var result = check.result(.timeout)
        close()
        result.error = "no answer from '\(place(target))' within \(services.settings.timeout.argumentText)"
        return result
    }

    func close() {
        guard let transfer else { return }
        services.multi?.remove(transfer)
        services.transfers[ObjectIdentifier(transfer)] = nil
        self.transfer = nil
    }
}
