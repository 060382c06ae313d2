import PinningCore
import X509

/// The links between a CA's certificates, proved by signatures: which key signed each certificate, and whether
/// what the catalog's data says about roots, replacements and offered chains holds.
enum CatalogLinks {
    /// For each certificate's file, the `spki-sha256` pin of the catalog key that signed it. Candidates whose
    /// subject is the certificate's issuer name are tried first (names order the search; the signature decides),
    /// then every other key, so a renamed issuer is still found.
    /// The most signatures checked to link one CA's certificates: a real catalog needs about two per certificate,
    /// and a hostile one (every certificate signed outside, by none of hundreds of keys) stops here.
    static let maximumSignatureChecks = 2_000

    static func signerPins(
        _ certificates: [CatalogCertificate], in folder: String
    ) throws(CACatalogError)
        -> [String: String]
    {
        var keys: [CatalogCertificate] = []
        for entry in certificates where !keys.contains(where: { $0.spkiPin == entry.spkiPin }) { keys.append(entry) }
        var signers: [String: String] = [:]
        var checks = 0
        for entry in certificates {
            guard let parsed = entry.certificate.certificate else { continue }
            let named = keys.filter { $0.certificate.certificate?.subject == parsed.issuer }
            let others = keys.filter { $0.certificate.certificate?.subject != parsed.issuer }
            for candidate in named + others {
                checks += 1
                guard checks <= Self.maximumSignatureChecks else {
                    throw CACatalogError(
                        .inconsistent, path: "\(folder)/catalog.json",
                        "more than \(Self.maximumSignatureChecks) signature checks to link its certificates")
                }
                guard let key = candidate.certificate.certificate, parsed.isSigned(by: key) else { continue }
                signers[entry.file] = candidate.spkiPin
                break
            }
        }
        return signers
    }

    static func check(
        _ certificates: [CatalogCertificate], signers: [String: String], chains: [OfferedChain], in folder: String
    ) throws(CACatalogError) {
        let byFile = Dictionary(certificates.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        for entry in certificates {
            let path = "\(folder)/\(entry.file)"
            if entry.role == .root, signers[entry.file] != entry.spkiPin {
                throw CACatalogError(.inconsistent, path: path, "a root signs itself; this certificate does not")
            }
            if entry.role != .root, signers[entry.file] == entry.spkiPin {
                throw CACatalogError(.inconsistent, path: path, "self-signed, so a root, not a \(entry.role.rawValue)")
            }
            // An intermediate's issuer is in the catalog: one no key here signed (a forged signature, or an issuer
            // left out) would fall outside every pool, and lint could not judge a pin on it.
            if entry.role == .intermediate, signers[entry.file] == nil {
                throw CACatalogError(
                    .inconsistent, path: path,
                    "an intermediate that no key of the catalog signed (its issuer "
                        + "\(quoted(entry.certificate.details.issuer)) is missing, or the signature is not its key's)")
            }
            if let replacement = entry.replacedBy {
                guard let other = byFile[replacement], other.spkiPin == entry.spkiPin, other.file != entry.file else {
                    throw CACatalogError(
                        .inconsistent, path: path,
                        "replaced by \(quoted(replacement)), which is not another certificate of the same key")
                }
            }
        }
        for chain in chains { try check(chain, byFile: byFile, signers: signers, in: folder) }
    }

    /// An offered chain: `under` a root of the catalog; the first served certificate holds that root's key, and
    /// each next one holds the key that signed the one before.
    private static func check(
        _ chain: OfferedChain, byFile: [String: CatalogCertificate], signers: [String: String], in folder: String
    ) throws(CACatalogError) {
        let path = "\(folder)/catalog.json"
        guard let root = byFile[chain.under], root.role == .root else {
            throw CACatalogError(.inconsistent, path: path, "chain \(quoted(chain.label)): under names no root")
        }
        var expectedKey = root.spkiPin
        for file in chain.served {
            guard let served = byFile[file] else {
                throw CACatalogError(.inconsistent, path: path, "chain \(quoted(chain.label)): no file \(quoted(file))")
            }
            guard served.spkiPin == expectedKey else {
                throw CACatalogError(
                    .inconsistent, path: path,
                    "chain \(quoted(chain.label)): \(quoted(file)) does not hold the key the certificate before it "
                        + "needs"
                )
            }
            guard let signer = signers[file], signer != served.spkiPin else {
                throw CACatalogError(
                    .inconsistent, path: path,
                    "chain \(quoted(chain.label)): \(quoted(file)) is not signed by a key of the catalog")
            }
            expectedKey = signer
        }
    }
}
