import CACatalog
import Foundation
import PinningCore

/// The rule of the short-lifetime era (docs/calendar.md): a pin on the leaf's key, on a domain whose key changes at
/// every renewal (its issuance plan says so: `keyReuse` declared false, or the profile's; or nobody says, which the
/// calendar also reads as a new key), once a certificate lives shorter than a release stays in the field
/// (``LintEnvironment/releaseFieldDays``). The leaf-key pins then stop matching at the first renewal after a release
/// ships, long before its users have all updated.
///
/// An error only when the domain has nothing else that holds: every other pin is on a key the catalog does not list
/// for the domain's CA. A pin on one of that CA's root or intermediate keys may carry the domain through the renewal
/// (the pool rules judge whether it does), so then the leaf-key pins are a warning. Lint reads no served chain: a leaf
/// key pinned at position `any` is not recognised here; `pinbench forecast --calendar` judges it.
extension ManifestLinter {
    func leafKeyRenewalFindings(_ domain: DomainPolicy, now: Date) -> [LintFinding] {
        let leafKeys = domain.pins.filter { $0.type == .spkiSHA256 && $0.position == .leaf }
        guard !leafKeys.isEmpty, domain.issuance != nil,
            case .success(let catalog) = environment.catalog.catalog
        else { return [] }
        let plan = IssuancePlan(host: domain.host, issuance: domain.issuance, served: nil, catalog: catalog, on: now)
        guard plan.keyReuse.value != true, let days = plan.lifetime.days else { return [] }
        let field = environment.releaseFieldDays
        guard days < field else { return [] }
        let caKeys = Set(
            plan.ca.value.flatMap(catalog.authority(id:))?.certificates.map(\.spkiPin)
                ?? [])
        let holding = domain.pins.filter { $0.position != .leaf && $0.type == .spkiSHA256 && caKeys.contains($0.value) }
        let certain = plan.keyReuse.value == false
        let enforced = domain.mode == .enforce && !domain.hasLapsed(at: now)
        let severity: LintFinding.Severity = enforced && certain && holding.isEmpty ? .error : .warning
        let why =
            switch (plan.keyReuse.value, plan.keyReuse.provenance) {
            case (false, .declared): "keyReuse is false"
            case (false, _): "the profile makes a new key"
            default: "nothing says a renewal keeps the key (declare issuance.keyReuse); the calendar assumes a new one"
            }
        let labels = leafKeys.map { $0.label.map { TerminalSafeText.quoted($0) } ?? $0.value }.joined(separator: ", ")
        let outcome =
            holding.isEmpty
            ? "each release is locked out at the first renewal after it ships, unless another pin holds the new chain"
            : "these pins stop matching at the first renewal after a release ships, and the domain then rests on its "
                + "\(holding.count) pin\(holding.count == 1 ? "" : "s") on \(plan.ca.value ?? "the CA")'s keys alone"
        return [
            LintFinding(
                severity, .leafKeyPinRenewsKey, host: domain.host,
                message: "pins the leaf key (\(labels)) while each renewal may make a new key (\(why)) and a "
                    + "certificate issued now lives \(days) days, shorter than a release stays in the field "
                    + "(\(field) days): \(outcome).",
                fix: "Pin the keys `pinbench forecast --calendar` advises (the CA's pool, or its root key), or declare "
                    + "issuance.keyReuse true and renew with the same key (certbot --reuse-key).")
        ]
    }
}
