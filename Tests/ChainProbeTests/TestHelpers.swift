import ChainProbe
import Crypto
import Foundation
import LabPKI
import PinningCore
import X509

/// A fresh temporary directory, removed by the caller with `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-probe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ text: String, to name: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs a shell pipeline and returns its standard output (trimmed).
func shell(_ command: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// The spki-sha256 pin of a certificate as the openssl command line computes it.
func opensslPin(ofDER der: [UInt8], in directory: TemporaryDirectory) throws -> String {
    let pem = PEMDocumentText(type: "CERTIFICATE", der: der).text
    let path = try directory.write(pem, to: "pin-\(UUID().uuidString).pem")
    return try shell(
        "openssl x509 -in '\(path)' -pubkey -noout | openssl pkey -pubin -outform DER "
            + "| openssl dgst -sha256 -binary | base64")
}

/// The spki-sha256 pin of a certificate computed from swift-certificates' SPKI DER.
func swiftPin(ofDER der: [UInt8]) throws -> String {
    let certificate = try Certificate(derEncoded: der)
    return Data(SHA256.hash(data: certificate.publicKey.subjectPublicKeyInfoDER)).base64EncodedString()
}

/// A loopback port that was free a moment ago (bind to 0, read it back, close).
func freeLoopbackPort() -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return UInt16(bigEndian: address.sin_port)
}

/// True once something accepts TCP connections on 127.0.0.1:port (polls for up to `seconds`).
func waitUntilListening(port: UInt16, seconds: Double = 10) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        close(fd)
        if status == 0 { return true }
        usleep(50_000)
    }
    return false
}

extension ProbeTarget {
    /// A target for `host` that dials 127.0.0.1:port.
    static func loopback(_ host: String, port: UInt16, address: String = "127.0.0.1") -> ProbeTarget {
        ProbeTarget(host: host, port: 443, connect: ProbeEndpoint(host: address, port: port))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
