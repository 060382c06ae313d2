import ClientModels
import PinningCore

/// A client rule's finding on a domain a change added or changed, and whether the domain had it before.
public struct ClientWarning: Hashable, Sendable, Encodable {
    public let finding: LintFinding
    /// True when the domain before the change had the same gap (the same pin out of the same clients' reach, for
    /// the same reasons), the same refusal or the same combined rule: the change did not bring it in.
    public let alsoBefore: Bool

    private enum CodingKeys: String, CodingKey { case rule, host, message, fix, alsoBefore }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(finding.rule, forKey: .rule)
        try container.encodeIfPresent(finding.host, forKey: .host)
        try container.encode(finding.message, forKey: .message)
        try container.encode(finding.fix, forKey: .fix)
        try container.encode(alsoBefore, forKey: .alsoBefore)
    }
}

extension ManifestDiff {
    /// The client rules (lint's, ``ClientReach``) for every added or changed domain as it is after the change, for
    /// `clients`, the clients the manifest is exported to; `served` holds, by normalized host, the chains its servers
    /// serve now as the new side judges them.
    public func clientWarnings(clients: [PinClient], served: [String: ServedChain] = [:]) -> [ClientWarning] {
        guard !clients.isEmpty else { return [] }
        var warnings: [ClientWarning] = []
        for change in domains {
            guard let domain = change.new else { continue }
            let after = ClientReach(domain, clients: clients, served: served[change.host])
            let before = change.old.map { ClientReach($0, clients: clients, served: served[change.host]) }
            for gap in after.gaps {
                let had = before?.gaps.contains { $0.pin.value == gap.pin.value && $0.outOfReach == gap.outOfReach }
                warnings += ManifestLinter.findings(ClientReach(host: after.host, gaps: [gap]))
                    .map { ClientWarning(finding: $0, alsoBefore: had ?? false) }
            }
            for refusal in after.refusals {
                let had = before?.refusals.contains { $0.client == refusal.client }
                warnings += ManifestLinter.findings(ClientReach(host: after.host, refusals: [refusal]))
                    .map { ClientWarning(finding: $0, alsoBefore: had ?? false) }
            }
            for both in after.bothRequired {
                let had = before?.bothRequired.contains { $0.client == both.client && $0.failsNow == both.failsNow }
                warnings += ManifestLinter.findings(ClientReach(host: after.host, bothRequired: [both]))
                    .map { ClientWarning(finding: $0, alsoBefore: had ?? false) }
            }
        }
        return warnings
    }
}
