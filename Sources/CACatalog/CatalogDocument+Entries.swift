import PinningCore

extension CatalogDocument.Entry {
    enum Keys: String, CaseIterable {
        case file, label, role, status, since, until, replacedBy, inStores, leavesStores, leavesStoresApproximate
    }

    init(_ fields: StrictFields<Keys>) throws(SchemaFailure) {
        file = try fields.string(.file)
        label = try fields.string(.label)
        let roleText = try fields.string(.role)
        guard let role = CatalogCertificate.Role(rawValue: roleText) else {
            let known = CatalogCertificate.Role.allCases.map(\.rawValue).joined(separator: ", ")
            throw fields.invalid(.role, "\(quoted(roleText)) is not a role (roles: \(known))")
        }
        self.role = role
        let statusText = try fields.string(.status)
        guard let status = CatalogCertificate.Status(rawValue: statusText) else {
            let known = CatalogCertificate.Status.allCases.map(\.rawValue).joined(separator: ", ")
            throw fields.invalid(.status, "\(quoted(statusText)) is not a status (statuses: \(known))")
        }
        self.status = status
        since = try CatalogDocument.day(fields, .since)
        until = try CatalogDocument.day(fields, .until)
        replacedBy = try fields.stringIfPresent(.replacedBy)
        guard (status == .replaced) == (replacedBy != nil) else {
            throw fields.invalid(.replacedBy, "a replaced certificate names its replacement, and only it does")
        }
        inStores = try fields.boolIfPresent(.inStores) ?? true
        leavesStores = try CatalogDocument.day(fields, .leavesStores)
        leavesStoresApproximate = try fields.boolIfPresent(.leavesStoresApproximate) ?? false
    }
}

extension OfferedChain {
    enum Keys: String, CaseIterable {
        case label, under, `default`, served
    }

    init(_ fields: StrictFields<Keys>) throws(SchemaFailure) {
        label = try fields.string(.label)
        under = try fields.string(.under)
        isDefault = try fields.boolIfPresent(.default) ?? false
        served = try fields.stringsIfPresent(.served)
    }
}

extension IssuanceProfile {
    enum Keys: String, CaseIterable {
        case name, `default`, keyReuse, availableFrom, lifetimes
    }

    init(_ fields: StrictFields<Keys>) throws(SchemaFailure) {
        name = try fields.string(.name)
        if let problem = DomainIssuance.nameProblem(name) {
            // The rule a manifest's `issuance.profile` is read by: every profile offered can be named there.
            throw fields.invalid(.name, "the profile name \(quoted(name)) is not usable: \(problem)")
        }
        isDefault = try fields.boolIfPresent(.default) ?? false
        keyReuse = try fields.boolIfPresent(.keyReuse) ?? false
        availableFrom = try CatalogDocument.day(fields, .availableFrom)
        lifetimes = try CatalogDocument.elements(fields, .lifetimes, limit: 100, LifetimeStep.init(_:))
        guard let first = lifetimes.first, first.from == nil else {
            throw fields.invalid(.lifetimes, "the first lifetime applies from the start: it has no \"from\"")
        }
        for (earlier, later) in zip(lifetimes, lifetimes.dropFirst()) {
            guard let from = later.from, earlier.from.map({ $0 < from }) ?? true else {
                throw fields.invalid(
                    .lifetimes, "each lifetime after the first has a \"from\" later than the one before")
            }
        }
    }
}

extension IssuanceProfile.LifetimeStep {
    enum Keys: String, CaseIterable {
        case from, days
    }

    init(_ fields: StrictFields<Keys>) throws(SchemaFailure) {
        from = try CatalogDocument.day(fields, .from)
        days = try fields.int(.days)
        // The rule a manifest's `issuance.lifetimeDays` is read by (``DomainIssuance/lifetimeDaysRange``).
        if let problem = DomainIssuance.lifetimeProblem(days) { throw fields.invalid(.days, problem) }
    }
}
