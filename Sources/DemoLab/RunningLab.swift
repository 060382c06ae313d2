import Foundation
import LabPKI
import PinningCore
import Synchronization
import X509

/// A started lab: where it listens, what it serves, and the root to trust. Stop it with ``stop()`` (also done
/// when the value is released).
public final class RunningLab: Sendable {
    /// The loopback address it listens on, "127.0.0.1" or "::1".
    public let address: String
    /// The port the system picked.
    public let port: UInt16
    /// The domain under which the scenario names live, e.g. "pinbench.test".
    public let domain: String
    /// Every scenario, in ``LabScenario`` order.
    public let scenarios: [RunningScenario]
    /// The lab root CA: the trust anchor for every honest scenario.
    public let root: Certificate
    /// The lab intermediate CA that issues the leaves (and that `incomplete` leaves out).
    public let intermediate: Certificate
    /// The lab's Certificate Transparency logs (they signed the `ct-logged` leaf's SCTs, and hold every
    /// certificate the lab serves), as a log list with their URLs on 127.0.0.1.
    public let ctLogList: CTLogList
    /// The certificates the `rotating` host serves in each ``LabRotation`` state, leaf first, in that order.
    public let rotationChains: [[Certificate]]
    private let server: LabServer
    /// The CT logs' HTTP server and the logs themselves.
    private let logService: LabLogService
    /// The `rotating` host's identity in each state, kept for the lab's life so none is freed under a handshake.
    private let rotationIdentities: [ServerIdentity]
    private let currentRotation = Mutex(LabRotation.today)

    init(
        server: LabServer, domain: String, scenarios: [RunningScenario], root: Certificate, intermediate: Certificate,
        ctLogList: CTLogList, rotations: [(identity: ServerIdentity, chain: [Certificate])], logService: LabLogService
    ) {
        self.logService = logService
        precondition(rotations.count == LabRotation.allCases.count)
        self.rotationIdentities = rotations.map(\.identity)
        self.rotationChains = rotations.map(\.chain)
        self.server = server
        self.address = server.address
        self.port = server.port
        self.domain = domain
        self.scenarios = scenarios
        self.root = root
        self.intermediate = intermediate
        self.ctLogList = ctLogList
    }

    deinit {
        server.stop()
        logService.server.stop()
    }

    /// "127.0.0.1:PORT" or "[::1]:PORT": the value for a manifest domain's `connect`.
    public var endpoint: String { address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)" }

    /// The lab root as PEM text.
    public var rootPEM: String { PEMDocumentText(type: "CERTIFICATE", der: root.derBytes).text }

    /// The scenario of a kind (every kind is present).
    public func scenario(_ kind: LabScenario) -> RunningScenario {
        scenarios.first { $0.kind == kind }!
    }

    /// Writes the lab root as PEM, for `trustAnchors` in a manifest or `--cacert` in curl.
    public func writeRoot(to url: URL) throws {
        try Data(rootPEM.utf8).write(to: url, options: .atomic)
    }

    /// What the `rotating` host serves now.
    public var rotation: LabRotation { currentRotation.withLock { $0 } }

    /// The certificates the `rotating` host serves in `state`, leaf first.
    public func rotationChain(_ state: LabRotation) -> [Certificate] { rotationChains[state.index] }

    /// Switches what the `rotating` host serves, from the next connection on (a handshake under way keeps the
    /// chain it started with). Safe from any thread.
    public func rotate(to state: LabRotation) {
        currentRotation.withLock { current in serve(state, recordingIn: &current) }
    }

    /// Steps the `rotating` host to the next state (after the last, back to `today`) and returns it.
    @discardableResult
    public func rotateToNext() -> LabRotation {
        currentRotation.withLock { current in
            serve(current.next, recordingIn: &current)
            return current
        }
    }

    /// Swaps `state`'s identity in and records it, under the rotation's lock (so two callers never interleave).
    private func serve(_ state: LabRotation, recordingIn current: inout LabRotation) {
        server.replace(with: rotationIdentities[state.index])
        current = state
    }

    /// Closes the listener, cuts open connections and joins every lab thread. Safe to call more than once.
    public func stop() {
        server.stop()
        logService.server.stop()
    }
}
