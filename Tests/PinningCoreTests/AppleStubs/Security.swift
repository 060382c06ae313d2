// Stub of Security (plus the URLSession and CoreFoundation types Linux's Foundation lacks).
import Foundation

public typealias CFData = Data
public typealias CFString = String
public typealias CFArray = [Any]
public typealias CFDictionary = [AnyHashable: Any]
public typealias CFError = NSError
public final class CFAllocator {}

public final class SecTrust {}
public final class SecCertificate {}
public final class SecKey {}

public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<CFError?>?) -> Bool {
    fatalError()
}
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> CFArray? { fatalError() }
public func SecCertificateCopyData(_ certificate: SecCertificate) -> CFData { fatalError() }
public func SecCertificateCopyKey(_ certificate: SecCertificate) -> SecKey? { fatalError() }
public func SecCertificateCreateWithData(_ allocator: CFAllocator?, _ data: CFData) -> SecCertificate? { fatalError() }
public func SecKeyCopyAttributes(_ key: SecKey) -> CFDictionary? { fatalError() }
public func SecKeyCopyExternalRepresentation(_ key: SecKey, _ error: UnsafeMutablePointer<CFError?>?) -> CFData? {
    fatalError()
}
public let kSecAttrKeyType: CFString = "type"
public let kSecAttrKeySizeInBits: CFString = "bsiz"
public let kSecAttrKeyTypeRSA: CFString = "42"
public let kSecAttrKeyTypeECSECPrimeRandom: CFString = "73"

// Foundation's URL loading types (FoundationNetworking on Linux, unavailable from Foundation itself).
public let NSURLAuthenticationMethodServerTrust: String = "NSURLAuthenticationMethodServerTrust"

public final class URLProtectionSpace {
    public var host: String { fatalError() }
    public var authenticationMethod: String { fatalError() }
    public var serverTrust: SecTrust? { fatalError() }
}

public final class URLAuthenticationChallenge {
    public var protectionSpace: URLProtectionSpace { fatalError() }
}

public final class URLCredential {
    public init(trust: SecTrust) { fatalError() }
}

public final class URLSession {
    public enum AuthChallengeDisposition: Int, Sendable {
        case useCredential, performDefaultHandling, cancelAuthenticationChallenge, rejectProtectionSpace
    }
}

/// The requirement is not optional here (it is `@objc optional` on Apple platforms), so a delegate method whose
/// signature drifts from the SDK's fails to type-check instead of silently never being called.
public protocol URLSessionDelegate: NSObjectProtocol, Sendable {
    func urlSession(
        _ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void)
}
