import COpenSSLBaseline
import Foundation
import LabPKI
import PinningCore
import X509

/// One chain both sides judge: root → intermediate → leaf for `host`, all with keys of one kind, a manifest that pins
/// the leaf's key (active) and the intermediate's (backup) in enforce mode, as `pinbench pin` would, and OpenSSL
/// loaded with the same DER.
public final class CoreFixture: Sendable {
    public let name: String
    public let host = "api.bench.test"
    /// What a server sends: leaf, then intermediate.
    public let presentedDER: [[UInt8]]
    /// The same, decoded once: the input of a verdict "from parsed certificates".
    public let presented: [ChainCertificate]
    /// Leaf, intermediate, root: the verified path whose pins both sides compute.
    public let path: [Certificate]
    public let validator: PinValidator
    public let leafPin: String
    public let openSSL: OpenSSLBaseline

    public init(key: KeyKind, name: String) throws {
        self.name = name
        let root = try CertificateIssuer.root(commonName: "Bench Root \(name)", key: key)
        let intermediate = try CertificateIssuer.intermediate(
            commonName: "Bench Intermediate \(name)", key: key, issuer: root)
        let leaf = try CertificateIssuer.leaf(
            commonName: host, dnsNames: [host, "*.bench.test"], key: key, issuer: intermediate)
        presentedDER = [leaf.der, intermediate.der]
        presented = try presentedDER.map { try ChainCertificate(derEncoded: $0) }
        path = [leaf.certificate, intermediate.certificate, root.certificate]
        leafPin = CertificateDetails(leaf.certificate).spkiPin
        let backupPin = CertificateDetails(intermediate.certificate).spkiPin
        let policy = DomainPolicy(
            host: host,
            pins: [
                Pin(type: .spkiSHA256, value: leafPin, role: .active),
                Pin(type: .spkiSHA256, value: backupPin, role: .backup),
            ]
        )
        validator = PinValidator(
            manifest: PinManifest(domains: [policy]), trustAnchors: TrustAnchors(certificates: [root.certificate]))
        openSSL = try OpenSSLBaseline(presented: presentedDER, anchor: root.der, host: host)
    }

    public static func rsa() throws -> CoreFixture { try CoreFixture(key: .rsa(bits: 2048), name: "RSA-2048") }
    public static func p256() throws -> CoreFixture { try CoreFixture(key: .p256, name: "P-256") }
}

/// The C baseline's handle: the same chain parsed by OpenSSL, an `X509_STORE` holding the anchor, the host.
public final class OpenSSLBaseline: @unchecked Sendable {
    // Used from one benchmark at a time; OpenSSL's verify reads the store and certificates without changing them.
    private let handle: OpaquePointer

    public struct SetupFailure: Error, CustomStringConvertible {
        public var description: String { "OpenSSL could not load or verify the benchmark chain" }
    }

    init(presented: [[UInt8]], anchor: [UInt8], host: String) throws {
        let copies = presented.map { der -> UnsafeMutablePointer<UInt8> in
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: der.count)
            copy.initialize(from: der, count: der.count)
            return copy
        }
        defer { copies.forEach { $0.deallocate() } }
        let pointers: [UnsafePointer<UInt8>?] = copies.map { UnsafePointer($0) }
        let lengths = presented.map(\.count)
        let made = anchor.withUnsafeBufferPointer { anchorBytes in
            pinbench_openssl_baseline_new(
                pointers, lengths, Int32(presented.count), anchorBytes.baseAddress, anchorBytes.count, host)
        }
        guard let made else { throw SetupFailure() }
        handle = made
    }

    deinit { pinbench_openssl_baseline_free(handle) }

    /// `X509_verify_cert` on the parsed chain; true when it verified.
    public func verifyParsed() -> Bool { pinbench_openssl_verify_parsed(handle) == 1 }

    /// The pins of the verified chain; the leaf's pin.
    public func pins() -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = pinbench_openssl_pins(handle, &buffer)
        precondition(count == 3, "OpenSSL pinned \(count) certificates")
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// d2i + verify + pins + compare with `expectedPin`; true when verified and pinned.
    public func verdictFromDER(expectedPin: String) -> Bool {
        pinbench_openssl_verdict_from_der(handle, expectedPin) == 1
    }
}
