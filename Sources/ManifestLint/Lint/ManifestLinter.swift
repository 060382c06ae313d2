import Foundation
import PinningCore

/// The lockout guard: finds manifests that would lock an app out of its own servers, or that protect nothing.
public struct ManifestLinter: Sendable {
    /// Pins on a leaf expiring within this many days are a lockout risk.
    public var expiringLeafDays: Int = 30
    /// What the rules need from the disk (unreadable trust anchors, the Public Suffix List), gathered beforehand:
    /// the linter itself never reads a file.
    public var environment: LintEnvironment

    /// A linter with the facts ``LintEnvironment/gather(for:publicSuffixes:clients:)`` found for the document to lint.
    public init(_ environment: LintEnvironment, expiringLeafDays: Int = 30) {
        self.environment = environment
        self.expiringLeafDays = expiringLeafDays
    }

    /// A linter that knows of no unreadable trust anchor: for a manifest's rules alone. `publicSuffixes` is the list
    /// the includeSubdomains guard reads; the default is the list compiled into the core.
    public init(
        expiringLeafDays: Int = 30,
        publicSuffixes: Result<PublicSuffixList, FileReadError> = .success(.compiledIn)
    ) {
        self.init(LintEnvironment(publicSuffixes: publicSuffixes), expiringLeafDays: expiringLeafDays)
    }

    /// The Public Suffix List the includeSubdomains guard reads, or why it could not be read.
    public var publicSuffixes: Result<PublicSuffixList, FileReadError> { environment.publicSuffixes }

    /// Lints a manifest document as every front end does (the `lint` and `check` commands, the CLI's and the
    /// workbench's write gates): the manifest's `trustAnchors` that ``environment`` found unreadable (resolved
    /// against the document's folder when it was gathered) are findings, so one file gets the same findings
    /// everywhere. `served` holds, by normalized host, the chains seen live as the validator judged them (see
    /// ``ServedChain``).
    public func lint(_ document: ManifestDocument, now: Date, served: [String: ServedChain] = [:]) -> [LintFinding] {
        lint(
            document.manifest,
            now: now,
            servedChains: served,
            missingTrustAnchors: environment.unreadable(in: document.manifest)
        )
    }

    /// Lints `manifest` at `now`. `servedChains` holds the chains seen live by normalized host, with the path the
    /// validator verified; rules that compare pins with what servers present run only for hosts that have one.
    public func lint(
        _ manifest: PinManifest,
        now: Date,
        servedChains: [String: ServedChain] = [:],
        missingTrustAnchors: [String] = []
    ) -> [LintFinding] {
        var findings: [LintFinding] = []
        for path in missingTrustAnchors {
            findings.append(
                LintFinding(
                    .error,
                    .missingTrustAnchor,
                    host: nil,
                    message: "trust anchor \(path) cannot be read.",
                    fix: "Fix the path (relative to the manifest's folder) or remove it from trustAnchors."
                )
            )
        }
        findings += publicSuffixFindings(manifest)
        if case .given(.failure(let error)) = environment.catalog {
            findings.append(
                LintFinding(
                    .error, .caCatalogUnreadable, host: nil,
                    message: "the CA catalog cannot be read (\(error)), so pins on CA pools were not judged.",
                    fix: "Fix the catalog folder (docs/ca-catalog.md), or leave it out."))
        }
        findings += ignoredPinFindings(manifest)
        findings += buildDriftFindings(manifest)
        var seen: [String: Int] = [:]
        // The manifest's own field time, when stated, is the one its leaf-key rule judges by.
        var linter = self
        if let days = manifest.releaseFieldDays { linter.environment.releaseFieldDays = days }
        for domain in manifest.domains {
            let key = domain.normalizedHost
            seen[key, default: 0] += 1
            if seen[key] == 2 {
                findings.append(
                    LintFinding(
                        .error,
                        .duplicateDomain,
                        host: domain.host,
                        message: "appears more than once; only the first entry would apply.",
                        fix: "Merge the entries into one domain."
                    )
                )
            }
            findings += linter.lint(domain, now: now, served: servedChains[key])
        }
        return findings.sorted { ($1.severity, $0.host ?? "") < ($0.severity, $1.host ?? "") }
    }

    /// One domain's findings (the rules that need only the domain and, when given, its served chain).
    func lint(_ domain: DomainPolicy, now: Date, served: ServedChain?) -> [LintFinding] {
        var findings: [LintFinding] = []
        let host = domain.host
        for pin in domain.pins where !pin.hasWellFormedValue {
            findings.append(
                LintFinding(
                    .error,
                    .malformedPinValue,
                    host: host,
                    message: "pin \"\(pin.value)\" is not base64 of 32 bytes, so it can never match.",
                    fix: "Copy the 44-character value from `pinbench pins` or `pinbench inspect`."
                )
            )
        }
        if domain.mode == .enforce && domain.pins.count < 2 {
            findings.append(
                LintFinding(
                    .error,
                    .tooFewPins,
                    host: host,
                    message: "enforces \(domain.pins.count) pin\(domain.pins.count == 1 ? "" : "s"); "
                        + "one key change would lock every installed app out.",
                    fix: "Add a backup pin (a spare key or the CA's key) or set mode to report-only."
                )
            )
        }
        if let expires = domain.expires, domain.hasLapsed(at: now) {
            findings.append(
                LintFinding(
                    .warning,
                    .expiresInPast,
                    host: host,
                    message: "expired on \(expires); its pins no longer apply and connections fall back to "
                        + "default trust.",
                    fix: "Review the pins and move expires to a future date, or remove the domain."
                )
            )
        }
        findings += textLengthFindings(domain)
        findings += clientFindings(domain, served: served)
        findings += backupFindings(domain, served: served)
        findings += catalogFindings(domain, now: now)
        findings += issuanceFindings(domain)
        findings += leafKeyRenewalFindings(domain, now: now)
        if let leafFinding = expiringLeafFinding(domain, now: now) {
            findings.append(leafFinding)
        }
        if let served, !domain.pins.isEmpty, !domain.pins.contains(where: served.matches) {
            let what =
                !served.hasVerifiedPath
                ? "the chain the server presents now"
                : "the verified path of the chain the server presents now (leaf to trust anchor)"
            findings.append(
                LintFinding(
                    .warning,
                    .pinsMatchNothingServed,
                    host: host,
                    message: "none of its \(domain.pins.count) pins matches \(what); shipping this locks users out.",
                    fix: unmatchedChainAdvice(host: host, trusted: served.hasVerifiedPath)
                )
            )
        }
        return findings
    }

    /// What to do about a served chain no pin matches. The chain is evidence, not a fact: one that leads to no trust
    /// anchor may be an impostor's, and a trusted one nobody expected may be an interception by a CA the client
    /// trusts. Neither is pinned on sight; the advice says how to look at it (a command that runs as printed).
    private func unmatchedChainAdvice(host: String, trusted: Bool) -> String {
        let inspect = "pinbench inspect \(host)" + (environment.manifestArgument.map { " --manifest \($0)" } ?? "")
        guard trusted else {
            return "Investigate; do not pin this chain: it leads to no trust anchor, so it may be an impostor's. "
                + "`\(inspect)` shows who issued it; fix the server's chain or the manifest's trustAnchors."
        }
        return "Investigate before changing a pin: `\(inspect)` shows the chain. Pin its key only once the "
            + "server's operators confirm it is theirs (a rotation the pins missed); an unexpected chain may be an "
            + "interception."
    }

    /// includeSubdomains on a public suffix is an error (it pins every site registered below it); a missing list is
    /// a warning that the guard could not run, only when some domain includes subdomains.
    private func publicSuffixFindings(_ manifest: PinManifest) -> [LintFinding] {
        let including = manifest.domains.filter {
            $0.includeSubdomains && (try? HostName($0.host)).map { $0.kind == .domainName } ?? true
        }
        guard !including.isEmpty else { return [] }
        switch environment.publicSuffixes {
        case .failure(let error):
            return [
                LintFinding(
                    .warning,
                    .publicSuffixListMissing,
                    host: nil,
                    message: "the public-suffix guard could not run: \(error.description); includeSubdomains on "
                        + "\(including.count) domain\(including.count == 1 ? "" : "s") was not checked.",
                    fix: "Name a readable Public Suffix List, or leave it out to use the one compiled into PinBench."
                )
            ]
        case .success(let list):
            return including.compactMap { domain in
                guard let section = list.publicSuffixSection(of: domain.host) else { return nil }
                return LintFinding(
                    .error,
                    .includeSubdomainsOnPublicSuffix,
                    host: domain.host,
                    message: "includes subdomains, but \(domain.host) is a public suffix (\(section.rawValue) section "
                        + "of the Public Suffix List): it would pin every site registered under it, and TrustKit "
                        + "refuses it.",
                    fix: "Pin the registrable domain you own (for example example.\(domain.host)) instead."
                )
            }
        }
    }

    /// The longest pin label and note accepted, in characters: enough for any real description, short enough that
    /// a review, a terminal line or an export comment can show it whole.
    public static let maximumLabelLength = 200
    public static let maximumNoteLength = 1_000

    private func textLengthFindings(_ domain: DomainPolicy) -> [LintFinding] {
        var findings: [LintFinding] = []
        for pin in domain.pins {
            let texts = [("label", pin.label, Self.maximumLabelLength), ("note", pin.note, Self.maximumNoteLength)]
            for (name, text, limit) in texts {
                guard let count = text?.count, count > limit else { continue }
                findings.append(
                    LintFinding(
                        .error,
                        .textTooLong,
                        host: domain.host,
                        message: "the \(name) of pin \(pin.value.prefix(44)) is \(count) characters long; at most "
                            + "\(limit) are allowed.",
                        fix: "Shorten the \(name) to \(limit) characters or fewer; keep long explanations in the "
                            + "repository's documentation."
                    )
                )
            }
        }
        return findings
    }

    private func backupFindings(_ domain: DomainPolicy, served: ServedChain?) -> [LintFinding] {
        guard !domain.pins.isEmpty else { return [] }
        let backups = domain.pins.filter { $0.role == .backup }
        if backups.isEmpty {
            return [
                LintFinding(
                    .warning,
                    .noBackupPin,
                    host: domain.host,
                    message: "has no backup pin; a forced key rotation would need an app update first.",
                    fix: "Pin a spare key (generated offline and kept safe) or another CA's key as backup."
                )
            ]
        }
        guard let served else { return [] }
        if !served.keepsBackupOutside(backups) {
            return [
                LintFinding(
                    .warning,
                    .noBackupPin,
                    host: domain.host,
                    message: "every backup pin is in the chain served today, so it is no backup: losing that "
                        + "chain loses them all.",
                    fix: "Add a backup pin for a key that is not in the served chain."
                )
            ]
        }
        return []
    }

    private func expiringLeafFinding(_ domain: DomainPolicy, now: Date) -> LintFinding? {
        let pins = domain.pins
        guard !pins.isEmpty, pins.allSatisfy({ $0.position == .leaf }) else { return nil }
        let horizon = now.addingTimeInterval(Double(expiringLeafDays) * 86_400)
        let expiries = pins.compactMap(\.notAfter)
        guard expiries.count == pins.count, let latest = expiries.max(), latest <= horizon else { return nil }
        let days = Int((latest.timeIntervalSince(now) / 86_400).rounded(.down))
        return LintFinding(
            .warning,
            .allPinsOnExpiringLeaf,
            host: domain.host,
            message: days < 0
                ? "every pin is on a leaf that has already expired."
                : "every pin is on a leaf that expires within \(days) day\(days == 1 ? "" : "s").",
            fix: "Pin the intermediate's key or the renewed leaf's key before the leaf is replaced."
        )
    }
}
