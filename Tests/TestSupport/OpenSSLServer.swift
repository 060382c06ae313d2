import Foundation
import LabPKI

/// `openssl s_server` on a loopback address and a port the system picks (`-accept 127.0.0.1:0`), serving
/// certificates written to a temporary folder. The port is read back from the `ACCEPT` line s_server prints.
public final class OpenSSLServer: @unchecked Sendable {
    // @unchecked Sendable is safe: every field is immutable; stop() only signals the process and waits for it.

    /// A certificate, its private key and the certificates to send after it, as PEM text.
    public struct Identity: Sendable {
        public var certificatePEM: String
        public var keyPEM: String
        public var chainPEM: [String] = []

        public init(certificatePEM: String, keyPEM: String, chainPEM: [String] = []) {
            self.certificatePEM = certificatePEM
            self.keyPEM = keyPEM
            self.chainPEM = chainPEM
        }

        public init(_ leaf: IssuedCertificate, chain: [IssuedCertificate] = []) {
            self.init(certificatePEM: leaf.pem, keyPEM: leaf.key.privateKeyPEM, chainPEM: chain.map(\.pem))
        }
    }

    public let port: UInt16
    public let folder = TemporaryFolder()
    private let process = Process()

    /// - Parameters:
    ///   - identity: what every connection gets, unless `named` matches its SNI.
    ///   - named: a second identity for one SNI name (`-servername`, `-cert2`, `-key2`; s_server sends no chain
    ///     with it).
    ///   - address: "127.0.0.1" or "::1".
    ///   - arguments: extra s_server arguments such as `-tls1_2` or `-cipher ...`.
    ///   - directory: the folder s_server runs in (what `-WWW` serves files from).
    public init(
        _ identity: Identity, named: (name: String, identity: Identity)? = nil, address: String = "127.0.0.1",
        arguments: [String] = [], directory: URL? = nil
    ) throws {
        let accept = address.contains(":") ? "[\(address)]:0" : "\(address):0"
        var all = [
            "s_server", "-accept", accept, "-www",
            "-cert", folder.write("leaf.pem", identity.certificatePEM),
            "-key", folder.write("leaf.key", identity.keyPEM),
        ]
        if !identity.chainPEM.isEmpty {
            all += ["-cert_chain", folder.write("chain.pem", identity.chainPEM.joined())]
        }
        if let named {
            all += [
                "-servername", named.name,
                "-cert2", folder.write("second.pem", named.identity.certificatePEM),
                "-key2", folder.write("second.key", named.identity.keyPEM),
            ]
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = all + arguments
        process.standardInput = FileHandle.nullDevice
        if let directory { process.currentDirectoryURL = directory }
        let output = folder.write("stdout.txt", "")
        let errors = folder.write("stderr.txt", "")
        try FoundationLaunch.serialized { [process] in
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
            try process.run()
        }
        port = try Self.waitForAcceptLine(process, folder: folder)
    }

    deinit { stop() }

    /// Ends s_server; safe to call more than once.
    public func stop() { Self.kill(process) }

    /// SIGKILL, not terminate(): a process started from a test's worker thread inherits that thread's signal mask,
    /// in which SIGTERM is blocked, so s_server would never see it (and waitUntilExit would wait forever).
    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits (at most ten seconds) for `ACCEPT <address>:<port>` on s_server's standard output.
    private static func waitForAcceptLine(_ process: Process, folder: TemporaryFolder) throws -> UInt16 {
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            let text = folder.read("stdout.txt") ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT ") }),
                let colon = line.lastIndex(of: ":"), let port = UInt16(line[line.index(after: colon)...])
            {
                return port
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        kill(process)
        throw OpenSSLServerError("openssl s_server did not start: \(folder.read("stderr.txt") ?? "")")
    }
}

extension OpenSSLServer {
    /// Starts s_server and waits for it to listen without holding a cooperative thread.
    public static func start(
        _ identity: Identity, named: (name: String, identity: Identity)? = nil, address: String = "127.0.0.1",
        arguments: [String] = []
    ) async throws -> OpenSSLServer {
        try await OffPoolThread.run {
            try OpenSSLServer(identity, named: named, address: address, arguments: arguments)
        }
    }
}

/// s_server did not come up.
public struct OpenSSLServerError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
