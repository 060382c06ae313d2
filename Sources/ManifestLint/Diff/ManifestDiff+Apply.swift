import PinningCore

/// One of my changes that could not be applied because the other side changed the same thing.
public struct DiffConflict: Hashable, Sendable {
    public var host: String
    /// What was not applied and why, in words (e.g. `mode: yours enforce, theirs report-only (was report-only)`).
    public var detail: String

    public init(host: String, detail: String) {
        self.host = host
        self.detail = detail
    }
}

extension ManifestDiff {
    /// Applies this change (made from some base manifest) onto `target`, a manifest that may have changed the same
    /// base in other ways: a three-way merge by domain, setting, pin and pin field. Where `target` changed the same
    /// thing differently, `target`'s version is kept and the conflict is returned, so nothing is lost silently.
    public func apply(to target: PinManifest) -> (manifest: PinManifest, conflicts: [DiffConflict]) {
        var manifest = target
        var conflicts: [DiffConflict] = []
        for path in trustAnchorsAdded where !manifest.trustAnchors.contains(path) { manifest.trustAnchors.append(path) }
        manifest.trustAnchors.removeAll { trustAnchorsRemoved.contains($0) }
        if let caCatalog {
            let merged = caCatalog.merged(onto: manifest.caCatalog, field: "caCatalog", absent: "none")
            manifest.caCatalog = merged.value
            conflicts += merged.conflict.map { [$0] } ?? []
        }
        if let releaseFieldDays {
            let current = manifest.releaseFieldDays.map(String.init)
            let merged = releaseFieldDays.merged(onto: current, field: "releaseFieldDays", absent: "default")
            manifest.releaseFieldDays = merged.value.flatMap { Int($0) }
            conflicts += merged.conflict.map { [$0] } ?? []
        }
        for change in domains {
            let index = manifest.indexOfDomain(change.host)
            func conflict(_ detail: String) { conflicts.append(DiffConflict(host: change.host, detail: detail)) }
            switch change.kind {
            case .added:
                guard let new = change.new else { continue }
                if let index {
                    if manifest.domains[index] != new {
                        conflict("added here and on disk with other settings or pins; the disk's version is kept")
                    }
                } else {
                    manifest.domains.append(new)
                }
            case .removed:
                guard let index else { continue }
                if manifest.domains[index] == change.old {
                    manifest.domains.remove(at: index)
                } else {
                    conflict("removed here but changed on disk; not removed")
                }
            case .changed:
                guard let index else {
                    conflict("removed on disk; your changes to it were not applied")
                    continue
                }
                conflicts += change.apply(to: &manifest.domains[index])
            }
        }
        return (manifest, conflicts)
    }
}

extension DomainChange {
    /// Applies this domain's setting and pin changes onto `domain`, three-way; returns what could not be applied.
    fileprivate func apply(to domain: inout DomainPolicy) -> [DiffConflict] {
        var conflicts: [String] = []
        for setting in settings {
            let (old, new) = setting.values
            let theirs = setting.current(in: domain)
            if theirs == old {
                setting.set(in: &domain)
            } else if theirs != new {
                conflicts.append(
                    "\(setting.field): yours \(new), the disk's \(theirs) (was \(old)); the disk's is kept")
            }
        }
        for change in pins {
            let value = change.value
            let index = domain.pins.firstIndex { $0.value == value }
            let short = "pin \(value)"
            switch change.kind {
            case .added:
                guard let new = change.new else { continue }
                if let index {
                    if domain.pins[index] != new { conflicts.append("\(short): added here and on disk differently") }
                } else {
                    domain.pins.append(new)
                }
            case .removed:
                guard let index else { continue }
                if domain.pins[index] == change.old {
                    domain.pins.remove(at: index)
                } else {
                    conflicts.append("\(short): removed here but changed on disk; not removed")
                }
            case .changed:
                guard let old = change.old, let new = change.new else { continue }
                guard let index else {
                    conflicts.append("\(short): removed on disk; your change to it was not applied")
                    continue
                }
                for field in change.fields {
                    let theirs = field.read(domain.pins[index])
                    if theirs == field.read(old) {
                        field.copy(from: new, into: &domain.pins[index])
                    } else if theirs != field.read(new) {
                        conflicts.append("\(short): \(field.rawValue) changed on disk too; the disk's is kept")
                    }
                }
            }
        }
        return conflicts.map { DiffConflict(host: host, detail: $0) }
    }
}

extension SettingChange {
    /// The same setting's value in `domain`, as ``values`` writes it.
    fileprivate func current(in domain: DomainPolicy) -> String {
        switch self {
        case .port: return SettingChange.port(domain.port, domain.port).values.old
        case .connect: return SettingChange.connect(domain.connect, nil).values.old
        case .includeSubdomains: return String(domain.includeSubdomains)
        case .mode: return domain.mode.rawValue
        case .expires: return SettingChange.expires(domain.expires, nil).values.old
        case .issuance: return SettingChange.issuance(domain.issuance, nil).values.old
        }
    }

    /// Sets the setting in `domain` to its new value.
    fileprivate func set(in domain: inout DomainPolicy) {
        switch self {
        case .port(_, let value): domain.port = value
        case .connect(_, let value): domain.connect = value
        case .includeSubdomains(_, let value): domain.includeSubdomains = value
        case .mode(_, let value): domain.mode = value
        case .expires(_, let value): domain.expires = value
        case .issuance(_, let value): domain.issuance = value
        }
    }
}

extension ManifestSettingChange {
    /// This change merged onto `current`, the other side's value of the manifest-wide setting `field`: the new value
    /// when `current` is still either side of the change, else `current` stays and the conflict says so (`absent`
    /// names an unset value).
    func merged(onto current: String?, field: String, absent: String) -> (value: String?, conflict: DiffConflict?) {
        if current == old || current == new { return (new, nil) }
        let text = { (value: String?) in value ?? absent }
        let conflict = DiffConflict(
            host: "manifest", detail: "\(field): yours \(text(new)), theirs \(text(current)) (was \(text(old)))")
        return (current, conflict)
    }
}
