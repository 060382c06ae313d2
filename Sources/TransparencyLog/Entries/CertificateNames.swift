import SwiftASN1
import X509

/// The DNS names of a certificate's subject alternative names, read straight from its DER: the TBSCertificate's
/// extensions, the SAN extension, its dNSName entries. A watcher matches every logged entry against the pinned
/// hosts and decodes a whole certificate only for the few that match; this walk costs a fraction of a decode.
enum CertificateNames {
    /// `der` is a Certificate, or with `isTBS` a TBSCertificate. Unreadable bytes give no names.
    static func dnsNames(_ der: [UInt8], isTBS: Bool) -> [String] {
        guard let root = try? DER.parse(der), case .constructed(let top) = root.content else { return [] }
        let tbsFields: ASN1NodeCollection
        if isTBS {
            tbsFields = top
        } else {
            guard let tbs = top.first(where: { _ in true }), case .constructed(let fields) = tbs.content else {
                return []
            }
            tbsFields = fields
        }
        let extensionsTag = ASN1Identifier(tagWithNumber: 3, tagClass: .contextSpecific)
        guard let wrapper = tbsFields.first(where: { $0.identifier == extensionsTag }),
            case .constructed(let wrapped) = wrapper.content, let list = wrapped.first(where: { _ in true }),
            case .constructed(let extensions) = list.content
        else { return [] }
        for item in extensions {
            guard case .constructed(let parts) = item.content, let oid = parts.first(where: { _ in true }),
                (try? ASN1ObjectIdentifier(derEncoded: oid)) == .X509ExtensionID.subjectAlternativeName
            else { continue }
            guard let value = parts.reversed().first(where: { _ in true }),
                let octets = try? ASN1OctetString(derEncoded: value), let names = try? DER.parse(octets.bytes),
                case .constructed(let generalNames) = names.content
            else { return [] }
            let dnsTag = ASN1Identifier(tagWithNumber: 2, tagClass: .contextSpecific)
            return generalNames.compactMap { name in
                guard name.identifier == dnsTag, case .primitive(let bytes) = name.content,
                    bytes.allSatisfy({ (0x21...0x7E).contains($0) })
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
        }
        return []
    }
}
