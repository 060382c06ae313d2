import X509

/// Finds a parsed certificate's SubjectPublicKeyInfo among its TBS bytes, so its `spki-sha256` pin hashes the bytes
/// the certificate carries instead of a re-encoding of the parsed key.
///
/// Re-encoding the key (`DER.Serializer`) costs more than hashing it: swift-crypto exports the key first. The TBS
/// bytes were already checked as strict DER when swift-certificates parsed the certificate, so finding the field is
/// a walk over seven element headers (SwiftASN1 would build the whole tree for one field). The bytes are used only
/// when they are what re-encoding gives: the canonical algorithm identifiers of RSA, P-256, P-384, P-521 and Ed25519
/// (with an uncompressed point for EC). Any other encoding returns nil and the caller re-encodes, so pins are the
/// same either way.
enum SubjectPublicKeyInfoLocator {
    /// The SubjectPublicKeyInfo inside `tbs` when it is in one of the canonical forms, else nil.
    static func canonicalSubjectPublicKeyInfo(inTBS tbs: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let spki = subjectPublicKeyInfo(inTBS: tbs),
            let outer = DERElement(in: spki, at: spki.startIndex), outer.end == spki.endIndex
        else { return nil }
        let fields = outer.content
        for form in canonicalForms where fields.starts(with: form.algorithm) {
            // After the algorithm identifier: the BIT STRING, its unused-bits octet (0), then the key.
            guard let bits = DERElement(in: fields, at: fields.startIndex + form.algorithm.count), bits.tag == 0x03,
                bits.end == fields.endIndex, bits.content.first == 0
            else { return nil }
            let key = bits.content.dropFirst()
            if let keyLength = form.keyLength, key.count != keyLength { return nil }
            if form.uncompressedPoint, key.first != 0x04 { return nil }
            return spki
        }
        return nil
    }

    /// The SubjectPublicKeyInfo element of a TBSCertificate: SEQUENCE { [0] version OPTIONAL, serialNumber,
    /// signature, issuer, validity, subject, subjectPublicKeyInfo, ... }.
    static func subjectPublicKeyInfo(inTBS tbs: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard let (fields, cursor) = DERElement.tbsFields(tbs),
            let spki = DERElement.element(5, of: fields, from: cursor), spki.tag == 0x30
        else { return nil }
        return spki.encoded(in: fields)
    }

    private struct Form {
        /// The whole AlgorithmIdentifier, as re-encoding writes it.
        let algorithm: [UInt8]
        /// The key's length in octets, for the fixed-size forms.
        let keyLength: Int?
        let uncompressedPoint: Bool
    }

    private static let canonicalForms: [Form] = [
        // rsaEncryption with NULL parameters (BoringSSL parses and writes the RSAPublicKey as strict DER).
        Form(
            algorithm: [0x30, 0x0D, 0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01, 0x05, 0x00],
            keyLength: nil, uncompressedPoint: false),
        // id-ecPublicKey, prime256v1
        Form(
            algorithm: [
                0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE,
                0x3D, 0x03, 0x01, 0x07,
            ],
            keyLength: 65, uncompressedPoint: true),
        // id-ecPublicKey, secp384r1
        Form(
            algorithm: [
                0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00,
                0x22,
            ],
            keyLength: 97, uncompressedPoint: true),
        // id-ecPublicKey, secp521r1
        Form(
            algorithm: [
                0x30, 0x10, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x05, 0x2B, 0x81, 0x04, 0x00,
                0x23,
            ],
            keyLength: 133, uncompressedPoint: true),
        // id-Ed25519
        Form(algorithm: [0x30, 0x05, 0x06, 0x03, 0x2B, 0x65, 0x70], keyLength: 32, uncompressedPoint: false),
    ]
}
