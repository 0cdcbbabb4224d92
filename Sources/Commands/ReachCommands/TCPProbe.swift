// `--method tcp` (host:port, and URLs of schemes other than http): does a TCP connect succeed. A non-blocking
// connect starts to every address at once; the first to succeed wins, and the check fails when all have.
import Net

/// A TCP connect check.
final class TCPProbe: Probe {
    private let index: Int
    private let services: ProbeServices
    /// The connects under way, in the order they began, with the token their socket is waited on by.
    private var attempts: [(token: UInt64, connection: TCPConnection)] = []
    private var failures = AddressFailures()

    init(index: Int, services: ProbeServices) {
        self.index = index
        self.services = services
    }

    func start(_ check: ReachCheck, addresses: [IPAddress]) -> ProbeStep {
        for address in addresses {
            do {
                let connection = try TCPConnection(to: address, port: check.target.port ?? 0)
                let token = try services.watch(connection.descriptor, writable: true, for: index)
                attempts.append((token, connection))
            } catch  where error.isOutOfDescriptors && services.othersRunning {
                return .requeue
            } catch {
                failures.append(address, error)
            }
        }
        return attempts.isEmpty ? .finished(failures.result(check)) : .running
    }

    /// A connect's socket became ready at `time`.
    func event(_ check: ReachCheck, _ event: ProbeEvent, at time: Int64) -> ProbeStep {
        guard case .ready(let token) = event, let position = attempts.firstIndex(where: { $0.token == token }) else {
            return .running
        }
        let connection = attempts.remove(at: position).connection
        services.poller.remove(connection.descriptor)
        if let error = connection.outcome() {
            failures.append(connection.address, error)
            connection.close()
            return attempts.isEmpty ? .finished(failures.result(check)) : .running
        }
        let local = connection.localAddress()
        // The kernel's own timing of the handshake where it has one: the loop may have seen the socket late.
        let waited = time - (check.resolved ?? check.started)
        let connect = min(connection.handshakeNanoseconds() ?? waited, waited)
        connection.close()
        return .finished(
            check.succeeded(address: connection.address, local: local, at: time, connect: connect, services: services))
    }

    func timeout(_ check: ReachCheck) -> ReachResult {
        check.silent(pending: attempts.first?.connection.address, settings: services.settings)
    }

    func close() {
        for (token, connection) in attempts {
            services.unwatch(token)
            services.poller.remove(connection.descriptor)
            connection.close()
        }
        attempts = []
    }
}
