import CACatalog
import Foundation
import PinningCore

/// The rule of the short-lifetime era (docs/calendar.md): a pin on the leaf's key, on a domain whose key changes at
/// every renewal (its issuance plan says so: `keyReuse` declared false, or the profile's), once a certificate lives
/// shorter than a release stays in the field (``LintEnvironment/releaseFieldDays``). The release's users are then
/// locked out at the first renewal after it ships, long before they all update.
extension ManifestLinter {
    func leafKeyRenewalFindings(_ domain: DomainPolicy, now: Date) -> [LintFinding] {
        let leafKeys = domain.pins.filter { $0.type == .spkiSHA256 && $0.position == .leaf }
        guard !leafKeys.isEmpty, domain.issuance != nil,
            case .success(let catalog) = environment.catalog.catalog
        else { return [] }
        let plan = IssuancePlan(host: domain.host, issuance: domain.issuance, served: nil, catalog: catalog, on: now)
        guard plan.keyReuse.value == false, let days = plan.lifetime.days else { return [] }
        let field = environment.releaseFieldDays
        guard days < field else { return [] }
        let severity: LintFinding.Severity = domain.mode == .enforce && !domain.hasLapsed(at: now) ? .error : .warning
        let why = plan.keyReuse.provenance == .declared ? "keyReuse is false" : "the profile makes a new key"
        let labels = leafKeys.map { $0.label.map { TerminalSafeText.quoted($0) } ?? $0.value }.joined(separator: ", ")
        return [
            LintFinding(
                severity, .leafKeyPinRenewsKey, host: domain.host,
                message: "pins the leaf key (\(labels)) while each renewal makes a new key (\(why)) and a "
                    + "certificate issued now lives \(days) days, shorter than a release stays in the field "
                    + "(\(field) days): each release is locked out at the first renewal after it ships.",
                fix: "Pin the keys `pinbench forecast --calendar` advises (the CA's pool, or its root key), or declare "
                    + "issuance.keyReuse true and renew with the same key (certbot --reuse-key).")
        ]
    }
}
