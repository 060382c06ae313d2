import SwiftASN1
import X509

extension Certificate {
    /// The DER encoding of this certificate: the bytes that `cert-sha256` pins and fingerprints hash.
    public var derBytes: [UInt8] {
        var serializer = DER.Serializer()
        // A Certificate value always re-serializes (swift-certificates keeps the original TBS bytes).
        try! serializer.serialize(self)
        return serializer.serializedBytes
    }
}

extension Certificate.PublicKey {
    /// The DER SubjectPublicKeyInfo: the block that `spki-sha256` pins hash (RFC 7469), not the bare key bits.
    public var subjectPublicKeyInfoDER: [UInt8] {
        var serializer = DER.Serializer()
        try! serializer.serialize(self)
        return serializer.serializedBytes
    }
}
