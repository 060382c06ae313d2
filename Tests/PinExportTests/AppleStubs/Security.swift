// Stub of Security (plus the URLSession and CoreFoundation types Linux's Foundation lacks), with Apple's signatures.
// The bodies behave as Apple's do for what the generated URLSession delegate calls, so that the delegate runs here
// (URLSessionDelegateRunTests): a trust carries the default evaluation's decision and the chain it built, given by the
// test (the `stub…` initializers, which are not Apple API); certificates and keys are read from their DER.
import Foundation

public typealias CFData = Data
public typealias CFString = String
public typealias CFArray = [Any]
public typealias CFDictionary = [AnyHashable: Any]
public typealias CFError = NSError
public final class CFAllocator {}

/// What iOS's default evaluation decided, and the chain it built: leaf to anchor, the anchor included even when the
/// server did not send it, certificates sent off the path left out.
public final class SecTrust {
    let trusted: Bool
    let evaluatedChain: [SecCertificate]

    /// Not Apple API: the test gives the decision and the chain.
    public init(stubTrusted trusted: Bool, evaluatedChain: [SecCertificate]) {
        self.trusted = trusted
        self.evaluatedChain = evaluatedChain
    }
}

public final class SecCertificate {
    let der: Data

    init(der: Data) { self.der = der }
}

/// A public key as Apple describes it: its `kSecAttrKeyType`, its size in bits, and its external representation
/// (PKCS#1 RSAPublicKey for RSA, the X9.63 uncompressed point for EC: the SubjectPublicKeyInfo's BIT STRING content).
public final class SecKey {
    let type: String
    let bits: Int
    let external: Data

    init(type: String, bits: Int, external: Data) {
        self.type = type
        self.bits = bits
        self.external = external
    }
}

public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
    if !trust.trusted {
        error?.pointee = NSError(domain: "NSOSStatusErrorDomain", code: -67_843)  // errSecNotTrusted
    }
    return trust.trusted
}

public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { trust.evaluatedChain }

public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData { certificate.der }

public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? {
    StubDER.subjectPublicKeyInfo(ofCertificate: [UInt8](data)) == nil ? nil : SecCertificate(der: data)
}

/// The certificate's key for RSA and the NIST curves; nil for other key types, as iOS returns for keys it cannot use.
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? {
    guard let spki = StubDER.subjectPublicKeyInfo(ofCertificate: [UInt8](certificate.der)),
        let algorithm = StubDER.children(of: spki.algorithm).first, algorithm.tag == 0x06
    else { return nil }
    let oid = Array(algorithm.content)
    switch oid {
    case StubDER.rsaEncryption:
        // RSAPublicKey ::= SEQUENCE { modulus INTEGER, publicExponent INTEGER }; the size is the modulus's.
        guard let sequence = StubDER.children(of: spki.key[...]).first,
            let modulus = StubDER.children(of: sequence.content).first, modulus.tag == 0x02
        else { return nil }
        let magnitude = modulus.content.drop { $0 == 0 }
        guard let top = magnitude.first else { return nil }
        let bits = (magnitude.count - 1) * 8 + (8 - top.leadingZeroBitCount)
        return SecKey(type: kSecAttrKeyTypeRSA, bits: bits, external: Data(spki.key))
    case StubDER.ecPublicKey:
        let parameters = StubDER.children(of: spki.algorithm).dropFirst().first
        guard let curve = parameters.flatMap({ StubDER.curveBits[Array($0.content)] }) else { return nil }
        return SecKey(type: kSecAttrKeyTypeECSECPrimeRandom, bits: curve, external: Data(spki.key))
    default:
        return nil
    }
}

public func SecKeyCopyAttributes(_ key: SecKey) -> CFDictionary? {
    [kSecAttrKeyType: key.type, kSecAttrKeySizeInBits: key.bits]
}

public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<CFError?>?) -> CFData? {
    key.external
}

public let kSecAttrKeyType: CFString = "type"
public let kSecAttrKeySizeInBits: CFString = "bsiz"
public let kSecAttrKeyTypeRSA: CFString = "42"
public let kSecAttrKeyTypeECSECPrimeRandom: CFString = "73"

/// Just enough DER to find a certificate's SubjectPublicKeyInfo (RFC 5280 section 4.1), written apart from the
/// export's own code so that a mistake in the delegate's SPKI reconstruction is not repeated here.
enum StubDER {
    struct Element {
        let tag: UInt8
        let content: ArraySlice<UInt8>
    }

    static let rsaEncryption: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01]
    static let ecPublicKey: [UInt8] = [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]
    /// prime256v1, secp384r1, secp521r1 by OID.
    static let curveBits: [[UInt8]: Int] = [
        [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]: 256, [0x2B, 0x81, 0x04, 0x00, 0x22]: 384,
        [0x2B, 0x81, 0x04, 0x00, 0x23]: 521,
    ]

    /// The elements one after another in `bytes`; empty when they do not parse.
    static func children(of bytes: ArraySlice<UInt8>) -> [Element] {
        var elements: [Element] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard index + 1 < bytes.endIndex else { return [] }
            let tag = bytes[index]
            var length = Int(bytes[index + 1])
            index += 2
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard (1...3).contains(count), index + count <= bytes.endIndex else { return [] }
                length = bytes[index..<(index + count)].reduce(0) { $0 << 8 | Int($1) }
                index += count
            }
            guard index + length <= bytes.endIndex else { return [] }
            elements.append(Element(tag: tag, content: bytes[index..<(index + length)]))
            index += length
        }
        return elements
    }

    /// The AlgorithmIdentifier's content and the key (the BIT STRING's content after its unused-bits octet).
    static func subjectPublicKeyInfo(ofCertificate der: [UInt8]) -> (algorithm: ArraySlice<UInt8>, key: [UInt8])? {
        guard let certificate = children(of: der[...]).first, certificate.tag == 0x30,
            let tbs = children(of: certificate.content).first, tbs.tag == 0x30
        else { return nil }
        // version [0] (optional), serialNumber, signature, issuer, validity, subject, subjectPublicKeyInfo.
        let fields = children(of: tbs.content).drop { $0.tag == 0xA0 }
        guard fields.count >= 6 else { return nil }
        let spki = children(of: fields[fields.startIndex + 5].content)
        guard spki.count == 2, spki[0].tag == 0x30, spki[1].tag == 0x03, spki[1].content.first == 0 else {
            return nil
        }
        return (spki[0].content, Array(spki[1].content.dropFirst()))
    }
}

// Foundation's URL loading types (FoundationNetworking on Linux, unavailable from Foundation itself).
public let NSURLAuthenticationMethodServerTrust: String = "NSURLAuthenticationMethodServerTrust"

public final class URLProtectionSpace {
    public let host: String
    public let authenticationMethod: String
    public let serverTrust: SecTrust?

    /// Not Apple API: a protection space as URLSession hands it to the delegate.
    public init(stubHost host: String, authenticationMethod: String, serverTrust: SecTrust?) {
        self.host = host
        self.authenticationMethod = authenticationMethod
        self.serverTrust = serverTrust
    }
}

public final class URLAuthenticationChallenge {
    public let protectionSpace: URLProtectionSpace

    /// Not Apple API: the challenge for `protectionSpace`.
    public init(stubProtectionSpace protectionSpace: URLProtectionSpace) {
        self.protectionSpace = protectionSpace
    }
}

public final class URLCredential {
    /// Not Apple API: the trust the credential was made for, so a test sees what the delegate vouched for.
    public let stubTrust: SecTrust?

    public init(trust: SecTrust) { stubTrust = trust }
}

public final class URLSession {
    public enum AuthChallengeDisposition: Int, Sendable {
        case useCredential, performDefaultHandling, cancelAuthenticationChallenge, rejectProtectionSpace
    }

    /// Not Apple API: a session to hand the delegate.
    public init(stub: Void) {}
}

/// The requirement is not optional here (it is `@objc optional` on Apple platforms), so a delegate method whose
/// signature drifts from the SDK's fails to type-check instead of silently never being called.
public protocol URLSessionDelegate: NSObjectProtocol, Sendable {
    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
}
