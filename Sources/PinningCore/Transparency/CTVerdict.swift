/// What a verdict can say about Certificate Transparency, as a value: "not checked" is told apart from "fails the
/// policy" by its case, never by its words, so a front end cannot show a policy nobody asked for as failed.
public enum CTVerdict: Hashable, Sendable {
    /// Why the leaf's SCTs were not judged.
    public enum NotChecked: Hashable, Sendable {
        /// No log list was in force (neither `--ct-log-list` nor `--require-ct`): SCTs cannot be verified.
        case noLogList
        /// Default trust failed first: there is no verified path whose leaf could be judged.
        case noTrustedPath
        /// The leaf is its own trust anchor: there is no issuer to rebuild its precertificate entry with.
        case noIssuer
    }

    case notChecked(NotChecked)
    /// The policy was evaluated; `required` when failing it rejects (`--require-ct`).
    case checked(CTPolicyResult, required: Bool)

    /// The verdict's CT outcome under `requirement` (the log list and flag in force, or nil for none).
    public init(_ verdict: Verdict, requirement: CTRequirement?) {
        guard let requirement else {
            self = .notChecked(.noLogList)
            return
        }
        if let result = verdict.transparency {
            self = .checked(result, required: requirement.required)
        } else {
            let path = verdict.certificates.filter(\.inVerifiedPath).count
            self = .notChecked(path == 0 ? .noTrustedPath : .noIssuer)
        }
    }

    /// Whether the leaf meets the policy; nil when it was not checked.
    public var meetsPolicy: Bool? {
        guard case .checked(let result, _) = self else { return nil }
        return result.meetsPolicy
    }

    /// One line: "not checked (no log list)", or the policy's own summary.
    public var summary: String {
        switch self {
        case .checked(let result, _): return result.summary
        case .notChecked(.noLogList): return "not checked (no log list)"
        case .notChecked(.noTrustedPath): return "not checked: default trust failed first"
        case .notChecked(.noIssuer): return "not checked: the leaf is its own trust anchor"
        }
    }
}
