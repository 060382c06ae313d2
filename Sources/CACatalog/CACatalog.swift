import CommandText
import Foundation
import PinningCore

/// The CAs PinBench knows: their certificates, pools, chains and issuance profiles. The forecast and lint read it to
/// tell which CA issues a domain's certificates and what its renewals may look like.
///
/// The catalog is data kept in the repository (`Catalog/`, docs/ca-catalog.md) and compiled into the binary
/// (``builtIn()``), so it is the same from any folder and after install; a team adds its private CA or another
/// public CA from a folder of its own (``read(from:)`` with a ``CatalogFolder``, merged by ``adding(_:)``).
public struct CACatalog: Sendable {
    public let authorities: [CertificateAuthority]

    public init(authorities: [CertificateAuthority]) {
        self.authorities = authorities
    }

    /// Reads and checks every CA of `source` (each refused whole when anything in it is wrong).
    public static func read(from source: any CatalogFileSource) throws(CACatalogError) -> CACatalog {
        CACatalog(authorities: try CACatalogReader.read(from: source))
    }

    /// The catalog compiled into the binary (`Catalog/`, by scripts/generate-ca-catalog.py), read once.
    public static func builtIn() throws(CACatalogError) -> CACatalog {
        try builtInResult.get()
    }

    private static let builtInResult = Result { () throws(CACatalogError) -> CACatalog in
        try read(from: CatalogFiles(builtInFiles))
    }

    /// True when `value` is the `spki-sha256` or `cert-sha256` pin of a built-in certificate, known without reading
    /// the catalog (the generator computed them from the same files).
    public static func isBuiltInPinValue(_ value: String) -> Bool {
        builtInPinValues.contains(value)
    }

    public func authority(id: String) -> CertificateAuthority? {
        authorities.first { $0.id == id }
    }

    /// The CA `id`, or an error naming the ids there are (and the nearest, for a typo).
    public func authority(named id: String) throws(CACatalogError) -> CertificateAuthority {
        if let found = authority(id: id) { return found }
        let ids = authorities.map(\.id)
        let nearest = NameSuggestion.nearest(to: id, in: ids).map { " Did you mean \(quoted($0))?" } ?? ""
        throw CACatalogError(
            .unknownAuthority, path: id,
            "no CA with this id in the catalog.\(nearest) Ids: \(ids.joined(separator: ", ")).")
    }

    /// The built-in catalog, with the CAs of `folder` added when one is given (a team's `--ca-catalog`).
    public static func builtIn(adding folder: String?) throws(CACatalogError) -> CACatalog {
        let builtIn = try builtIn()
        guard let folder else { return builtIn }
        return try builtIn.adding(read(from: CatalogFolder(URL(fileURLWithPath: folder))))
    }

    /// The CAs a manifest's rules know: the built-in catalog, with the manifest's `caCatalog` folder added when it
    /// names one (relative to `manifestFolder`). Lint, `pinbench ca --host`, `domain set` and the workbench read it
    /// this one way.
    public static func forManifest(
        caCatalog folder: String?, manifestFolder: URL
    ) -> Result<CACatalog, CACatalogError> {
        Result { () throws(CACatalogError) -> CACatalog in
            guard let folder else { return try builtIn() }
            let url = TrustAnchors.manifestAnchorURL(folder, relativeTo: manifestFolder)
            return try builtIn().adding(read(from: CatalogFolder(url)))
        }
    }

    /// This catalog with `other`'s CAs added; a CA of `other` with an id this catalog has is refused, so a team's
    /// folder cannot silently replace what the binary knows.
    public func adding(_ other: CACatalog) throws(CACatalogError) -> CACatalog {
        for authority in other.authorities where self.authority(id: authority.id) != nil {
            throw CACatalogError(
                .inconsistent, path: "\(authority.id)/catalog.json",
                "the id \(quoted(authority.id)) is already a CA of the built-in catalog; choose another")
        }
        return CACatalog(authorities: authorities + other.authorities)
    }

    /// The catalog CA and intermediate that issued a served chain's leaf, recognised by key: the intermediate whose
    /// key verifies the leaf's signature. The chain's second certificate is tried first, then every catalog
    /// intermediate, so a chain served without its intermediate, or with another's, is still recognised.
    public func recognise(_ chain: [ChainCertificate]) -> CatalogRecognition? {
        guard let leaf = chain.first?.certificate else { return nil }
        let sentIssuerPin = chain.dropFirst().first?.details.spkiPin
        for authority in authorities {
            let intermediates = authority.certificates.filter { $0.role == .intermediate }
            let ordered =
                intermediates.filter { $0.spkiPin == sentIssuerPin }
                + intermediates.filter { $0.spkiPin != sentIssuerPin }
            var tried: Set<String> = []
            for candidate in ordered where tried.insert(candidate.spkiPin).inserted {
                guard let key = candidate.certificate.certificate, leaf.isSigned(by: key) else { continue }
                return CatalogRecognition(authority: authority, intermediate: candidate, leaf: chain[0])
            }
        }
        return nil
    }
}
