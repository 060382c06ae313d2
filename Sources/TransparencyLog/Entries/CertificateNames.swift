import PinningCore

/// The DNS names and IP addresses of a certificate's subject alternative names, read straight from its DER: the
/// TBSCertificate's extensions, the SAN extension, its dNSName and iPAddress entries. A watcher matches every logged
/// entry against the pinned hosts and decodes a whole certificate only for the few that match, so this walk reads
/// element headers only (``DERHeader``) and never builds the certificate's tree. `LogEntryTests` holds it to swift-certificates' reading
/// of the same extension.
enum CertificateNames {
    /// id-ce-subjectAltName, 2.5.29.17 (RFC 5280 §4.2.1.6), as DER contents.
    private static let subjectAlternativeName: [UInt8] = [0x55, 0x1D, 0x11]
    /// TBSCertificate's `extensions [3] EXPLICIT` and GeneralName's `dNSName [2] IA5String`.
    private static let extensionsTag: UInt8 = 0xA3
    private static let dnsNameTag: UInt8 = 0x82
    /// GeneralName's `iPAddress [7] OCTET STRING`: 4 or 16 address bytes (RFC 5280 §4.2.1.6).
    private static let ipAddressTag: UInt8 = 0x87

    /// A certificate's names: DNS names as written, IP addresses in their canonical text (as a manifest writes a
    /// pinned IP host).
    struct Names: Equatable {
        var dns: [String] = []
        var ipAddresses: [String] = []
    }

    /// `der` is a Certificate, or with `isTBS` a TBSCertificate. Unreadable bytes give no names; so do names with
    /// bytes outside printable ASCII, which no DNS name holds.
    static func dnsNames(_ der: [UInt8], isTBS: Bool) -> [String] {
        names(der, isTBS: isTBS).dns
    }

    /// `der` is a Certificate, or with `isTBS` a TBSCertificate: its DNS names and IP addresses.
    static func names(_ der: [UInt8], isTBS: Bool) -> Names {
        guard let top = DERHeader.read(der, at: 0, limit: der.count), top.tag == DERHeader.sequence else {
            return Names()
        }
        var tbs = top.contents
        if !isTBS {
            guard let inner = DERHeader.read(der, at: tbs.lowerBound, limit: tbs.upperBound),
                inner.tag == DERHeader.sequence
            else { return Names() }
            tbs = inner.contents
        }
        guard let wrapper = DERHeader.first(extensionsTag, in: der, tbs),
            let list = DERHeader.read(der, at: wrapper.contents.lowerBound, limit: wrapper.contents.upperBound),
            list.tag == DERHeader.sequence
        else { return Names() }
        var offset = list.contents.lowerBound
        while offset < list.contents.upperBound {
            guard let item = DERHeader.read(der, at: offset, limit: list.contents.upperBound),
                item.tag == DERHeader.sequence
            else { return Names() }
            offset = item.contents.upperBound
            guard let oid = DERHeader.read(der, at: item.contents.lowerBound, limit: item.contents.upperBound),
                oid.tag == DERHeader.objectIdentifier
            else { return Names() }
            guard DERHeader.contents(der, oid.contents, equal: subjectAlternativeName) else { continue }
            let rest = oid.contents.upperBound..<item.contents.upperBound
            guard let value = DERHeader.first(DERHeader.octetString, in: der, rest) else { return Names() }
            return generalNames(der, value.contents)
        }
        return Names()
    }

    /// The dNSName and iPAddress entries of the GeneralNames SEQUENCE that fills `range` exactly.
    private static func generalNames(_ der: [UInt8], _ range: Range<Int>) -> Names {
        guard let sequence = DERHeader.read(der, at: range.lowerBound, limit: range.upperBound),
            sequence.tag == DERHeader.sequence, sequence.contents.upperBound == range.upperBound
        else { return Names() }
        var names = Names()
        var offset = sequence.contents.lowerBound
        while offset < sequence.contents.upperBound {
            guard let name = DERHeader.read(der, at: offset, limit: sequence.contents.upperBound) else {
                return Names()
            }
            offset = name.contents.upperBound
            if name.tag == ipAddressTag {
                if let text = IPAddressText.text(Array(der[name.contents])) { names.ipAddresses.append(text) }
                continue
            }
            guard name.tag == dnsNameTag, der[name.contents].allSatisfy({ (0x21...0x7E).contains($0) }) else {
                continue
            }
            names.dns.append(String(decoding: der[name.contents], as: UTF8.self))
        }
        return names
    }
}
