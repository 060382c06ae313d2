import Foundation
import PinningCore

/// One test case of C2SP/x509-limbo (Limbo/limbo.json), with the fields a server validation needs.
struct LimboCase: Decodable, Sendable {
    struct PeerName: Decodable, Sendable {
        let kind: String
        let value: String
    }

    let id: String
    let features: [String]
    let validationKind: String
    let trustedCerts: [String]
    let untrustedIntermediates: [String]
    let peerCertificate: String
    let validationTime: Date?
    let expectedResult: String
    let expectedPeerName: PeerName?
    let maxChainDepth: Int?
    let crls: [String]

    private enum CodingKeys: String, CodingKey {
        case id, features, crls
        case validationKind = "validation_kind"
        case trustedCerts = "trusted_certs"
        case untrustedIntermediates = "untrusted_intermediates"
        case peerCertificate = "peer_certificate"
        case validationTime = "validation_time"
        case expectedResult = "expected_result"
        case expectedPeerName = "expected_peer_name"
        case maxChainDepth = "max_chain_depth"
    }

    /// The family the id starts with: `webpki`, `rfc5280`, `pathlen`, ...
    var family: String { String(id.prefix { $0 != ":" }) }
    var expectsSuccess: Bool { expectedResult == "SUCCESS" }
    /// Pedantic cases test a rule that real clients do not enforce (limbo's own marking).
    var isPedantic: Bool { features.contains { $0.hasPrefix("pedantic") } }

    /// Whether `pinbench validate` can state the case: a server name to check, no CRL and no chain-depth limit.
    var isExpressible: Bool {
        validationKind == "SERVER" && ["DNS", "IP"].contains(expectedPeerName?.kind) && crls.isEmpty
            && maxChainDepth == nil
    }

    /// The peer first, then the untrusted intermediates: the chain a server would send.
    var presentedPEM: String { ([peerCertificate] + untrustedIntermediates).joined(separator: "\n") }

    /// Every case in the fixture, in its order.
    static func all() throws -> [LimboCase] {
        struct Suite: Decodable { let testcases: [LimboCase] }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Limbo/limbo.json")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Suite.self, from: Data(contentsOf: url)).testcases
    }

    /// PinBench's decision under `profile`: `validate` with the trusted certificates as the only anchors and no pins. A chain that
    /// cannot be decoded is refused, as `validate` refuses it (with the decoding error).
    func pinBenchAccepts(publicSuffixes: PublicSuffixList?, profile: ValidationProfile) async throws -> Bool {
        guard let chain = try? CertificateChainDecoder.decode(Data(presentedPEM.utf8), source: id) else {
            return false
        }
        let anchors = trustedCerts.flatMap { pem in
            (try? CertificateChainDecoder.decode(Data(pem.utf8), source: id))?.compactMap(\.certificate) ?? []
        }
        let validator = PinValidator(
            manifest: PinManifest(domains: []), trustAnchors: TrustAnchors(certificates: anchors),
            publicSuffixes: publicSuffixes, profile: profile)
        let verdict = await validator.validate(
            host: expectedPeerName?.value ?? "", chain: chain, at: validationTime ?? Date())
        return verdict.allowsConnection
    }
}
