// `--method http` (http and https URLs): does a HEAD (or, when the server refuses HEAD, a GET stopped at the first
// bytes) get an expected status. libcurl runs it on the shared multi handle, with the addresses resolved under the
// check's deadline handed over (CURLOPT_RESOLVE): libcurl's own resolver would wait past it.
import Curl
import Net

/// An HTTP check.
final class HTTPProbe: Probe {
    private let index: Int
    private let services: ProbeServices
    /// The addresses libcurl is to use (the name was resolved here, under the deadline).
    private var addresses: [IPAddress] = []
    private var transfer: CurlTransfer?
    private var triedGET = false

    init(index: Int, services: ProbeServices) {
        self.index = index
        self.services = services
    }

    func start(_ check: ReachCheck, addresses: [IPAddress]) -> ProbeStep {
        self.addresses = addresses
        return request(check, get: false)
    }

    private func request(_ check: ReachCheck, get: Bool) -> ProbeStep {
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
        let target = check.target
        let timings = transfer.timings
        var result = check.result(.reachable)
        result.address = transfer.primaryIP
        if let local = transfer.localIP.flatMap(IPAddress.init) {
            (result.interface, result.interfaceKind) = services.interface(of: local)
        }
        if timings.connect > 0 { result.connect = timings.connect - timings.lookup }
        if timings.tls > 0 { result.tls = timings.tls - timings.connect }
        if let error, !(error.isAbortedByReceiver && triedGET) {
            if error.isConnectFailure && transfer.ranOutOfDescriptors && services.othersRunning { return .requeue }
            result.status = Self.status(of: error, transfer)
            result.error = "'\(target.url ?? target.host)': \(error.message)"
            return .finished(result)
        }
        let code = transfer.responseCode
        // Some servers refuse HEAD; a GET (stopped at once) asks again.
        if (code == 405 || code == 501) && !triedGET {
            return request(check, get: true)
        }
        result.httpStatus = code
        if !services.settings.accepts(code) {
            result.status = .httpError
            result.error = "'\(target.url ?? target.host)': HTTP \(code)"
        }
        return .finished(result)
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
        guard transfer != nil else { return check.silent(pending: nil, settings: services.settings) }
        let target = check.target
        var result = check.result(.timeout)
        close()
        result.error = "no answer from '\(target.url ?? target.host)' within \(services.settings.timeout.argumentText)"
        return result
    }

    func close() {
        guard let transfer else { return }
        services.multi?.remove(transfer)
        services.transfers[ObjectIdentifier(transfer)] = nil
        self.transfer = nil
    }
}
