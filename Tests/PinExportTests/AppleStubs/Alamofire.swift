// Stub of Alamofire 5's server trust API (Source/Features/ServerTrustEvaluation.swift, ServerTrustManager).
import Foundation
import Security

public protocol ServerTrustEvaluating: Sendable {
    func evaluate(_ trust: SecTrust, forHost host: String) throws
}

open class ServerTrustManager: @unchecked Sendable {
    public let allHostsMustBeEvaluated: Bool
    public let evaluators: [String: any ServerTrustEvaluating]

    public init(allHostsMustBeEvaluated: Bool = true, evaluators: [String: any ServerTrustEvaluating]) {
        self.allHostsMustBeEvaluated = allHostsMustBeEvaluated
        self.evaluators = evaluators
    }

    open func serverTrustEvaluator(forHost host: String) throws -> (any ServerTrustEvaluating)? { fatalError() }
}

public final class DefaultTrustEvaluator: ServerTrustEvaluating {
    public init(validateHost: Bool = true) {}
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {}
}

public final class PublicKeysTrustEvaluator: ServerTrustEvaluating {
    public init(keys: [SecKey], performDefaultValidation: Bool = true, validateHost: Bool = true) {}
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {}
}

public final class PinnedCertificatesTrustEvaluator: ServerTrustEvaluating {
    public init(
        certificates: [SecCertificate], acceptSelfSignedCertificates: Bool = false,
        performDefaultValidation: Bool = true, validateHost: Bool = true
    ) {}
    public func evaluate(_ trust: SecTrust, forHost host: String) throws {}
}

public final class Session {
    public init(serverTrustManager: ServerTrustManager? = nil) {}
}
