import Foundation
import PinningCore
import X509

/// The offline demo lab: TLS servers on loopback whose scenarios (good, rotated, mitm, expired, wrong-host,
/// self-signed, incomplete, weak, slow, tls11, revoked, ct-logged, no-sct, rotating) are chosen by SNI name under a
/// reserved `.test` domain; `rotating` switches its chain while the lab runs (``RunningLab/rotate(to:)``).
///
/// Everything runs with no internet: the PKI is generated in memory at start, no private key ever touches disk.
/// A name that is no scenario gets the TLS alert "unrecognized name"; a ClientHello without SNI gets `good`.
/// (`start` is the lab's one entry point, on the type it returns, so no type is named after the module.)
extension RunningLab {
    /// Generates the PKI, binds a loopback port (chosen by the system) and starts serving.
    public static func start(_ options: DemoLabOptions = DemoLabOptions()) throws -> RunningLab {
        guard options.address == "127.0.0.1" || options.address == "::1" else {
            throw DemoLabError("the lab listens on loopback only (127.0.0.1 or ::1), not \(options.address)")
        }
        // The lab's connections write with OpenSSL's socket BIO, which would raise SIGPIPE when a client hangs
        // up early (the probe tests do this on purpose). Like most servers, the process ignores SIGPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        let catalog = try ScenarioCatalog(domain: options.domain)
        let identities = try catalog.entries.map(ServerIdentity.init)
        // Today's rotating identity is the catalog's own entry; the other states get theirs, swapped in on demand.
        let rotatingToday = identities.first { $0.scenario == .rotating }!
        let rotations = try catalog.rotations.enumerated().map { index, entry in
            (
                identity: try index == 0 ? rotatingToday : ServerIdentity(entry),
                chain: try entry.served.map { try Certificate(derEncoded: $0) }
            )
        }
        let server = try LabServer(
            address: options.address, identities: identities, defaultHost: LabScenario.good.host(in: options.domain),
            slowHold: options.slowHold, ioTimeout: options.ioTimeoutSeconds)
        let scenarios = try catalog.entries.map { entry in
            RunningScenario(
                kind: entry.kind, host: entry.host, servedChain: entry.served,
                servedCertificates: try entry.served.map { try Certificate(derEncoded: $0) },
                pinnedChain: entry.pinned, stapledOCSPResponse: entry.staple)
        }
        // Every certificate the lab serves, in every rotation state, is in its CT logs.
        var logged: [[UInt8]] = []
        let chains = (catalog.entries + catalog.rotations).map(\.served).filter { chain in
            guard let leaf = chain.first, !logged.contains(leaf) else { return false }
            logged.append(leaf)
            return true
        }
        let logService = try LabLogService(ctLogs: catalog.ctLogs, chains: chains, root: catalog.root.der)
        server.start()
        return RunningLab(
            server: server, domain: options.domain, scenarios: scenarios, root: catalog.root.certificate,
            intermediate: catalog.intermediate.certificate, ctLogList: logService.list, rotations: rotations,
            logService: logService)
    }
}
