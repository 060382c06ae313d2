import Foundation
import LabPKI

/// `openssl s_server` on 127.0.0.1 and a free port, serving certificates written to a temporary directory.
final class OpenSSLServer {
    let port: UInt16
    let directory: TemporaryDirectory
    private let process: Process

    /// - Parameters:
    ///   - chain: leaf first; the rest goes to `-cert_chain`.
    ///   - arguments: extra s_server arguments such as `-tls1_2` or `-status_file F`.
    init(leaf: IssuedCertificate, chain: [String], arguments: [String] = []) throws {
        directory = try TemporaryDirectory()
        let certPath = try directory.write(leaf.pem, to: "leaf.pem")
        let keyPath = try directory.write(leaf.key.privateKeyPEM, to: "leaf.key")
        var all = ["s_server", "-accept", "127.0.0.1:0", "-cert", certPath, "-key", keyPath, "-www", "-quiet"]
        if !chain.isEmpty {
            all += ["-cert_chain", try directory.write(chain.joined(), to: "chain.pem")]
        }
        all += arguments
        var lastError: Error?
        for _ in 0..<5 {
            let port = freeLoopbackPort()
            all[2] = "127.0.0.1:\(port)"
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
            process.arguments = all
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                lastError = error
                continue
            }
            if waitUntilListening(port: port) && process.isRunning {
                self.port = port
                self.process = process
                return
            }
            process.terminate()
            process.waitUntilExit()
        }
        directory.remove()
        throw lastError ?? CocoaError(.featureUnsupported)
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        directory.remove()
    }
}
