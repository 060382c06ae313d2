import Foundation
import PinningCore

/// What `pinbench ca ID` shows of one CA on a day, for scripts (Encodable) and people (``lines``): the pools a
/// renewal may come from, the profiles with the lifetime of the day, the chains offered, and every certificate with
/// its pins, dates and the key that signed it.
public struct CatalogReport: Encodable, Sendable {
    public struct Entry: Encodable, Sendable {
        let file, label, role, status, subject, issuer, spkiPin, certPin: String
        let notBefore, notAfter: Date
        /// The label of the catalog key that signed it; nil when outside the catalog (DST Root CA X3).
        let signedBy: String?
        let since, until: String?
        let replacedBy: String?
        let inStores: Bool
        let leavesStores: String?
        let leavesStoresApproximate: Bool
    }

    /// The intermediates a renewal may come from under one root key, on the report's day.
    public struct Pool: Encodable, Sendable {
        let root, rootPin: String
        let active, backup: [String]
    }

    public struct Profile: Encodable, Sendable {
        struct Step: Encodable, Sendable {
            let from: String?
            let days: Int
        }
        let name: String
        let isDefault, keyReuse: Bool
        let availableFrom: String?
        let lifetimes: [Step]
        /// The lifetime of a certificate issued on the report's day; nil before the profile is offered.
        let lifetimeDaysOnDay: Int?
    }

    public struct Chain: Encodable, Sendable {
        let label: String
        let isDefault: Bool
        let under: String
        let served: [String]
    }

    let id, name, day: String
    let isPublic, picksAtRandom: Bool
    let renewAt: Double
    let sources: [String]
    let pools: [Pool]
    let profiles: [Profile]
    let chains: [Chain]
    let certificates: [Entry]

    public init(_ authority: CertificateAuthority, on date: Date) {
        let day = CalendarDay(containing: date)
        let label = { (file: String) in authority.certificate(file: file)?.label ?? file }
        id = authority.id
        name = authority.name
        self.day = day.description
        isPublic = authority.isPublic
        picksAtRandom = authority.picksAtRandom
        renewAt = authority.renewAt
        sources = authority.sources
        pools = Self.pools(authority, on: date)
        profiles = authority.profiles.map { profile in
            Profile(
                name: profile.name, isDefault: profile.isDefault, keyReuse: profile.keyReuse,
                availableFrom: profile.availableFrom?.description,
                lifetimes: profile.lifetimes.map { Profile.Step(from: $0.from?.description, days: $0.days) },
                lifetimeDaysOnDay: profile.isOffered(on: day) ? profile.lifetimeDays(issuedOn: day) : nil)
        }
        chains = authority.chains.map {
            Chain(label: $0.label, isDefault: $0.isDefault, under: label($0.under), served: $0.served.map(label))
        }
        certificates = authority.certificates.map { entry in
            Entry(
                file: entry.file, label: entry.label, role: entry.role.rawValue, status: entry.status.rawValue,
                subject: entry.certificate.details.subject, issuer: entry.certificate.details.issuer,
                spkiPin: entry.spkiPin, certPin: entry.certPin, notBefore: entry.notBefore, notAfter: entry.notAfter,
                signedBy: authority.signerPins[entry.file].flatMap(authority.keyLabel),
                since: entry.since?.description, until: entry.until?.description, replacedBy: entry.replacedBy,
                inStores: entry.inStores, leavesStores: entry.leavesStores?.description,
                leavesStoresApproximate: entry.leavesStoresApproximate)
        }
    }

    /// One pool per root key that signs an intermediate able to issue on `date`, in the catalog's order.
    private static func pools(_ authority: CertificateAuthority, on date: Date) -> [Pool] {
        var rootPins: [String] = []
        for entry in authority.certificates where entry.mayIssue(on: date) {
            if let pin = authority.signerPins[entry.file], !rootPins.contains(pin) { rootPins.append(pin) }
        }
        return rootPins.map { pin in
            let pool = authority.pool(under: pin, on: date)
            return Pool(
                root: authority.keyLabel(pin) ?? pin, rootPin: pin,
                active: pool.filter { $0.status == .active }.map(\.label),
                backup: pool.filter { $0.status == .backup }.map(\.label))
        }
    }
}
