import Foundation
import PinningCore
import X509

/// Reads a catalog and checks it against its own certificates: each file one certificate, each root signing
/// itself, each replacement holding the replaced key, each offered chain linked by signatures, and each
/// certificate's signer found by key (never by name). A catalog that fails a check is refused whole.
enum CACatalogReader {
    static func read(from source: any CatalogFileSource) throws(CACatalogError) -> [CertificateAuthority] {
        var authorities: [CertificateAuthority] = []
        for folder in try source.authorityFolders() {
            authorities.append(try authority(folder, from: source))
        }
        return authorities
    }

    static func authority(
        _ folder: String, from source: any CatalogFileSource
    ) throws(CACatalogError)
        -> CertificateAuthority
    {
        let path = "\(folder)/catalog.json"
        let document: CatalogDocument
        do {
            document = try CatalogDocument.decode(try source.read(path), path: path)
        } catch let error as CACatalogError {
            throw error
        } catch {
            throw CACatalogError(.invalidSchema, path: path, "\(error)")
        }
        guard document.id == folder else {
            throw CACatalogError(.inconsistent, path: path, "the id \(quoted(document.id)) is not its folder's name")
        }
        var certificates: [CatalogCertificate] = []
        for entry in document.entries {
            guard !certificates.contains(where: { $0.file == entry.file }) else {
                throw CACatalogError(.inconsistent, path: path, "\(quoted(entry.file)) is listed twice")
            }
            certificates.append(try certificate(entry, in: folder, from: source))
        }
        let signers = try CatalogLinks.signerPins(certificates, in: folder)
        try CatalogLinks.check(certificates, signers: signers, chains: document.chains, in: folder)
        return CertificateAuthority(
            id: document.id, name: document.name, isPublic: document.isPublic, sources: document.sources,
            picksAtRandom: document.picksAtRandom, renewAt: document.renewAt, certificates: certificates,
            chains: document.chains, profiles: document.profiles, signerPins: signers)
    }

    private static func certificate(
        _ entry: CatalogDocument.Entry, in folder: String, from source: any CatalogFileSource
    ) throws(CACatalogError) -> CatalogCertificate {
        let path = "\(folder)/\(entry.file)"
        let decoded: [ChainCertificate]
        do {
            decoded = try CertificateChainDecoder.decode(try source.read(path), source: path)
        } catch let error as CACatalogError {
            throw error
        } catch {
            throw CACatalogError(.invalidCertificate, path: path, "\(error)")
        }
        guard decoded.count == 1, let only = decoded.first else {
            throw CACatalogError(.invalidCertificate, path: path, "\(decoded.count) certificates where one belongs")
        }
        guard only.certificate != nil else {
            throw CACatalogError(.invalidCertificate, path: path, only.refusal ?? "the certificate cannot be parsed")
        }
        guard only.details.isCertificateAuthority else {
            throw CACatalogError(.inconsistent, path: path, "not a CA certificate, so not a \(entry.role.rawValue)")
        }
        return CatalogCertificate(
            file: entry.file, label: entry.label, role: entry.role, status: entry.status, since: entry.since,
            until: entry.until, replacedBy: entry.replacedBy, inStores: entry.inStores,
            leavesStores: entry.leavesStores, leavesStoresApproximate: entry.leavesStoresApproximate,
            certificate: only)
    }
}
