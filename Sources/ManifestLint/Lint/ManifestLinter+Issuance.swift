import CACatalog
import PinningCore

/// The rules on a domain's `issuance` setting (docs/manifest.md): the CA it names must be one the catalog knows (built
/// in, or the manifest's `caCatalog`), or `private`; the profile must be one that CA offers. A name the catalog does
/// not know would plan renewals from nothing, so both are errors, behind the write gate like every rule.
extension ManifestLinter {
    func issuanceFindings(_ domain: DomainPolicy) -> [LintFinding] {
        guard let issuance = domain.issuance, let id = issuance.ca, id != DomainIssuance.privateCA else { return [] }
        // A catalog that cannot be read is already the manifest's finding; nothing here can be judged without it.
        guard case .success(let catalog) = environment.catalog.catalog else { return [] }
        let authority: CertificateAuthority
        do {
            authority = try catalog.authority(named: id)
        } catch {
            return [
                LintFinding(
                    .error, .issuanceUnknownCA, host: domain.host,
                    message: "issuance names the CA \(TerminalSafeText.quoted(id)): \(error.message)",
                    fix: "Write a catalog id, or \"private\" for a CA no catalog describes; a team's own CA is added "
                        + "with the manifest's caCatalog folder (docs/ca-catalog.md).")
            ]
        }
        guard let name = issuance.profile, authority.profile(named: name) == nil else { return [] }
        let offered = authority.profiles.map(\.name)
        let fallback = authority.defaultProfile.map { " for the CA's default (\($0.name))" } ?? ""
        return [
            LintFinding(
                .error, .issuanceUnknownProfile, host: domain.host,
                message: "issuance names the profile \(TerminalSafeText.quoted(name)), which \(authority.name) "
                    + "(\(authority.id)) does not offer"
                    + (offered.isEmpty
                        ? " (it lists no profile)." : " (profiles: \(offered.joined(separator: ", ")))."),
                fix: "Write one of its profiles, or leave profile out\(fallback).")
        ]
    }
}
