// Hands generated URLSession delegates one server-trust challenge each, as URLSession would, and writes down what each
// decided. Compiled by swiftc with the `urlsession` exports, against the runnable stubs of this folder, and a main.swift
// the test writes listing one delegate per case (URLSessionDelegateRunTests).
import Foundation
import Security

/// One export's delegate, and whether the policy its table has for a host has lapsed (to tell lapsed pins from a
/// host it does not pin when it hands the challenge back to default handling).
struct DelegateUnderTest {
    let make: (@escaping @Sendable (String) -> Void) -> any URLSessionDelegate
    let policyLapsesAt: (String) -> Date?
}

/// What the test asks: the host, iOS's default decision, and the chain that evaluation built (DER, base64).
struct ChallengeCase: Decodable {
    let delegate: Int
    let host: String
    let trusted: Bool
    let chain: [String]
}

/// What the delegate did: its disposition, whether its credential is for the challenge's trust, the hosts its
/// report-only callback was called with, and whether the policy its table has for the host has lapsed.
struct ChallengeResult: Encodable {
    var disposition = "none"
    var credentialForTrust = false
    var calls = 0
    var reported: [String] = []
    var policyLapsed = false
}

/// Collects what the completion handler and the report callback receive.
final class ChallengeRecorder: @unchecked Sendable {
    // @unchecked Sendable: every access holds `lock`.
    private let lock = NSLock()
    private var result = ChallengeResult()

    func record(_ change: (inout ChallengeResult) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&result)
    }

    var recorded: ChallengeResult {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}

func runChallenges(_ delegates: [DelegateUnderTest], input: URL) throws -> [ChallengeResult] {
    let cases = try JSONDecoder().decode([ChallengeCase].self, from: Data(contentsOf: input))
    return cases.map { entry in
        let chain = entry.chain.map { SecCertificateCreateWithData(nil, Data(base64Encoded: $0)! as CFData)! }
        let trust = SecTrust(stubTrusted: entry.trusted, evaluatedChain: chain)
        let space = URLProtectionSpace(
            stubHost: entry.host, authenticationMethod: NSURLAuthenticationMethodServerTrust, serverTrust: trust)
        let recorder = ChallengeRecorder()
        let trustIdentity = ObjectIdentifier(trust)
        let delegate = delegates[entry.delegate].make { host in recorder.record { $0.reported.append(host) } }
        delegate.urlSession(URLSession(stub: ()), didReceive: URLAuthenticationChallenge(stubProtectionSpace: space)) {
            disposition, credential in
            let name: String
            switch disposition {
            case .useCredential: name = "useCredential"
            case .performDefaultHandling: name = "performDefaultHandling"
            case .cancelAuthenticationChallenge: name = "cancelAuthenticationChallenge"
            case .rejectProtectionSpace: name = "rejectProtectionSpace"
            }
            recorder.record {
                $0.calls += 1
                $0.disposition = name
                $0.credentialForTrust = credential?.stubTrust.map(ObjectIdentifier.init) == trustIdentity
            }
        }
        var result = recorder.recorded
        result.policyLapsed = delegates[entry.delegate].policyLapsesAt(entry.host).map { Date() >= $0 } ?? false
        return result
    }
}
