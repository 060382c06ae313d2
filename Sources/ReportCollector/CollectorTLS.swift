import Foundation
import NIOSSL
import PinningCore

/// The collector's HTTPS: `--tls-cert` (the server's certificate chain, PEM, leaf first) and `--tls-key` (its private
/// key, PEM), served with TLS 1.2 or later. Each file is read once at start, bounded, and only when it is a regular
/// file (a symlink is followed to one): a device, a pipe or a folder named by mistake is refused with its name, and a
/// key that does not belong to the certificate is refused before anything listens.
public struct CollectorTLS: Sendable {
    let context: NIOSSLContext
    /// What the server presents, for messages: the leaf's subject.
    public let subject: String

    /// PEM files past this are not certificates or keys.
    static let maxFileBytes = 1 << 20

    public init(certificatePath: String, keyPath: String) throws(CollectorInputError) {
        let chainBytes = try Self.read(certificatePath, option: "--tls-cert")
        let keyBytes = try Self.read(keyPath, option: "--tls-key")
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(chainBytes)
        } catch {
            throw CollectorInputError(
                "--tls-cert \(TerminalSafeText.quoted(certificatePath)): not PEM certificates (\(error))")
        }
        guard !chain.isEmpty else {
            throw CollectorInputError("--tls-cert \(TerminalSafeText.quoted(certificatePath)): holds no certificate")
        }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: keyBytes, format: .pem)
        } catch {
            throw CollectorInputError("--tls-key \(TerminalSafeText.quoted(keyPath)): not a PEM private key (\(error))")
        }
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.minimumTLSVersion = .tlsv12
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw CollectorInputError(
                "--tls-key \(TerminalSafeText.quoted(keyPath)) does not belong to the certificate in --tls-cert "
                    + "\(TerminalSafeText.quoted(certificatePath)) (\(error))")
        }
        subject =
            (try? CertificateChainDecoder.decode(Data(chainBytes), source: "--tls-cert").first?.details.subject)
            ?? "?"
    }

    /// The bytes of a regular file (a symlink followed to one), at most ``maxFileBytes``.
    static func read(_ path: String, option: String) throws(CollectorInputError) -> [UInt8] {
        let shown = TerminalSafeText.quoted(path)
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CollectorInputError("\(option) \(shown): cannot read it (\(String(cString: strerror(errno))))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw CollectorInputError("\(option) \(shown): not a regular file (a device, pipe, folder or socket)")
        }
        guard info.st_size <= maxFileBytes else {
            throw CollectorInputError("\(option) \(shown): \(info.st_size) bytes is not a PEM file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CollectorInputError("\(option) \(shown): cannot read it (permission denied?)")
        }
        defer { try? handle.close() }
        do {
            let bytes = Array(try handle.read(upToCount: maxFileBytes + 1) ?? Data())
            guard bytes.count <= maxFileBytes else {
                throw CollectorInputError("\(option) \(shown): more than \(maxFileBytes) bytes is not a PEM file")
            }
            return bytes
        } catch let error as CollectorInputError {
            throw error
        } catch {
            throw CollectorInputError("\(option) \(shown): cannot read it (\(error))")
        }
    }
}
