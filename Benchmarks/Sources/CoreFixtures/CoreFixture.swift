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
    /// The manifest the validator judges by (the cold verdicts make a validator of their own from it).
    public let manifest: PinManifest
    /// The sent chain as a PEM file holds it (leaf, then intermediate), and the anchor as PEM and DER: the inputs of
    /// the verdicts from PEM and of the cold ones.
    public let presentedPEM: Data
    public let anchorPEM: Data
    public let anchorDER: [UInt8]
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
        manifest = PinManifest(domains: [policy])
        validator = PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: [root.certificate]))
        presentedPEM = Data((leaf.pem + intermediate.pem).utf8)
        anchorPEM = Data(root.pem.utf8)
        anchorDER = root.der
        openSSL = try OpenSSLBaseline(
            presented: presentedDER, presentedPEM: presentedPEM, anchor: root.der, anchorPEM: anchorPEM, host: host)
    }

    public static func rsa() throws -> CoreFixture { try CoreFixture(key: .rsa(bits: 2048), name: "RSA-2048") }
    public static func p256() throws -> CoreFixture { try CoreFixture(key: .p256, name: "P-256") }
}

/// The C baseline's handle: the same chain parsed by OpenSSL, an `X509_STORE` holding the anchor, the host.
public final class OpenSSLBaseline: @unchecked Sendable {
    // Used from one benchmark at a time; OpenSSL's verify reads the store and certificates without changing them.
    private let handle: OpaquePointer
    private let presentedDER: [[UInt8]]
    private let presentedPEM: Data
    private let anchorDER: [UInt8]
    private let anchorPEM: Data
    private let host: String

    public struct SetupFailure: Error, CustomStringConvertible {
        public var description: String { "OpenSSL could not load or verify the benchmark chain" }
    }

    init(presented: [[UInt8]], presentedPEM: Data, anchor: [UInt8], anchorPEM: Data, host: String) throws {
        self.presentedDER = presented
        self.presentedPEM = presentedPEM
        self.anchorDER = anchor
        self.anchorPEM = anchorPEM
        self.host = host
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

    /// PEM_read_bio_X509 of the sent chain's PEM + verify + pins + compare, against the store made once.
    public func verdictFromPEM(expectedPin: String) -> Bool {
        presentedPEM.withUnsafeBytes { text in
            pinbench_openssl_verdict_from_pem(
                handle, text.baseAddress!.assumingMemoryBound(to: CChar.self), text.count, expectedPin) == 1
        }
    }

    /// The cold verdict: a fresh store with the anchor read from PEM (`pem`) or DER, the chain read from the same
    /// form, verify, pins, compare; nothing kept between calls.
    public func coldVerdict(pem: Bool, expectedPin: String) -> Bool {
        let anchor = pem ? Array(anchorPEM) : anchorDER
        return anchor.withUnsafeBufferPointer { anchorBytes in
            let anchorText = UnsafeRawPointer(anchorBytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            if pem {
                return presentedPEM.withUnsafeBytes { text in
                    pinbench_openssl_cold_verdict(
                        text.baseAddress!.assumingMemoryBound(to: CChar.self), text.count, nil, nil, 0, anchorText,
                        anchorBytes.count, 1, host, expectedPin) == 1
                }
            }
            return withDERPointers { pointers, lengths in
                pinbench_openssl_cold_verdict(
                    nil, 0, pointers, lengths, Int32(lengths.count), anchorText, anchorBytes.count, 0, host,
                    expectedPin) == 1
            }
        }
    }

    private func withDERPointers<T>(_ body: ([UnsafePointer<UInt8>?], [Int]) -> T) -> T {
        presentedDER[0].withUnsafeBufferPointer { leaf in
            presentedDER[1].withUnsafeBufferPointer { intermediate in
                body([leaf.baseAddress, intermediate.baseAddress], [leaf.count, intermediate.count])
            }
        }
    }

    /// d2i + verify + pins + compare with `expectedPin`; true when verified and pinned.
    public func verdictFromDER(expectedPin: String) -> Bool {
        pinbench_openssl_verdict_from_der(handle, expectedPin) == 1
    }
}
