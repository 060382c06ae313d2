import Foundation
import PinningCore

/// What changed between two manifests, in the terms a reviewer judges pins by: domains added and removed, and per
/// domain its settings and its pins (added, removed, role or text changed). A pure value: computing it reads no
/// file, and comparing 10,000 domains takes milliseconds (see BENCHMARKS.md).
///
/// Domains are matched by host (as the manifest and ``PinManifest/indexOfDomain(_:)`` identify them; a port change
/// is a setting change) and pins by value (as ``ManifestEditor`` identifies them), so the diff does not depend on
/// the order or the formatting of either file.
public struct ManifestDiff: Hashable, Sendable {
    /// Trust anchor paths only in the new manifest, and only in the old one.
    public var trustAnchorsAdded: [String]
    public var trustAnchorsRemoved: [String]
    /// The `caCatalog` folder on each side, when it changed (a team's CAs that lint judges pools of).
    public var caCatalog: ManifestSettingChange?
    /// `releaseFieldDays` on each side (as text), when it changed: the field time the era's lint judges by.
    public var releaseFieldDays: ManifestSettingChange?
    /// One entry per domain that differs, ordered by host.
    public var domains: [DomainChange]

    public init(trustAnchorsAdded: [String] = [], trustAnchorsRemoved: [String] = [], domains: [DomainChange] = []) {
        self.trustAnchorsAdded = trustAnchorsAdded
        self.trustAnchorsRemoved = trustAnchorsRemoved
        self.domains = domains
    }

    /// The changes that turn `old` into `new`.
    public init(from old: PinManifest, to new: PinManifest) {
        let oldAnchors = Set(old.trustAnchors)
        let newAnchors = Set(new.trustAnchors)
        trustAnchorsAdded = new.trustAnchors.filter { !oldAnchors.contains($0) }
        trustAnchorsRemoved = old.trustAnchors.filter { !newAnchors.contains($0) }
        caCatalog = old.caCatalog == new.caCatalog ? nil : ManifestSettingChange(old: old.caCatalog, new: new.caCatalog)
        releaseFieldDays =
            old.releaseFieldDays == new.releaseFieldDays
            ? nil
            : ManifestSettingChange(
                old: old.releaseFieldDays.map(String.init), new: new.releaseFieldDays.map(String.init))
        domains = Self.domainChanges(old.domains, new.domains)
    }

    /// True when the two manifests mean the same thing (the same domains, settings, pins, anchors, CA catalog and
    /// field time).
    public var isEmpty: Bool {
        domains.isEmpty && trustAnchorsAdded.isEmpty && trustAnchorsRemoved.isEmpty && caCatalog == nil
            && releaseFieldDays == nil
    }

    /// Pairs the domains of both sides by host. A host listed twice (a lint error) is paired in order of appearance.
    private static func domainChanges(_ old: [DomainPolicy], _ new: [DomainPolicy]) -> [DomainChange] {
        if let aligned = alignedChanges(old, new) { return aligned }
        if let merged = mergedChanges(old, new) { return merged }
        var oldByHost: [String: [DomainPolicy]] = [:]
        oldByHost.reserveCapacity(old.count)
        for domain in old { oldByHost[domain.normalizedHost, default: []].append(domain) }
        var changes: [DomainChange] = []
        var seen: [String: Int] = [:]
        seen.reserveCapacity(new.count)
        for domain in new {
            let host = domain.normalizedHost
            let occurrence = seen[host, default: 0]
            seen[host] = occurrence + 1
            let before = oldByHost[host].flatMap { occurrence < $0.count ? $0[occurrence] : nil }
            if let before {
                if before != domain, let change = DomainChange(old: before, new: domain) { changes.append(change) }
            } else {
                changes.append(DomainChange(added: domain))
            }
        }
        for (host, list) in oldByHost {
            for domain in list.dropFirst(seen[host, default: 0]) { changes.append(DomainChange(removed: domain)) }
        }
        return changes.sorted { ($0.host, $0.isRemoval ? 0 : 1) < ($1.host, $1.isRemoval ? 0 : 1) }
    }
}

extension ManifestDiff {
    /// The usual case, without hashing a host: both sides list the same hosts in the same order (an edit of some
    /// domains' settings or pins, both sides in canonical order). Nil as soon as a host differs at some position.
    fileprivate static func alignedChanges(_ old: [DomainPolicy], _ new: [DomainPolicy]) -> [DomainChange]? {
        guard old.count == new.count else { return nil }
        var changes: [DomainChange] = []
        for (before, after) in zip(old, new) where before != after {
            guard before.host == after.host else { return nil }
            if let change = DomainChange(old: before, new: after) { changes.append(change) }
        }
        return changes.sorted { $0.host < $1.host }
    }

    /// The next most usual case, without hashing: both sides in canonical order (strictly sorted, normalized hosts,
    /// as every manifest read from disk and the workbench's are), walked side by side. Nil otherwise.
    fileprivate static func mergedChanges(_ old: [DomainPolicy], _ new: [DomainPolicy]) -> [DomainChange]? {
        guard isCanonical(old), isCanonical(new) else { return nil }
        var changes: [DomainChange] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if j == new.count || (i < old.count && old[i].host < new[j].host) {
                changes.append(DomainChange(removed: old[i]))
                i += 1
            } else if i == old.count || new[j].host < old[i].host {
                changes.append(DomainChange(added: new[j]))
                j += 1
            } else {
                if old[i] != new[j], let change = DomainChange(old: old[i], new: new[j]) { changes.append(change) }
                i += 1
                j += 1
            }
        }
        return changes
    }

    /// Hosts strictly increasing, each already normalized (lower-case ASCII, no trailing dot): then comparing the
    /// hosts as they are pairs the domains exactly as normalizing them would.
    private static func isCanonical(_ domains: [DomainPolicy]) -> Bool {
        for index in domains.indices {
            let host = domains[index].host
            if host.utf8.contains(where: { $0 >= 0x80 || (0x41...0x5A).contains($0) }) || host.utf8.last == 0x2E {
                return false
            }
            if index > 0 && !(domains[index - 1].host < host) { return false }
        }
        return true
    }
}

/// What changed in one domain.
public struct DomainChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case added, removed, changed
    }

    public var kind: Kind
    /// The normalized host.
    public var host: String
    /// The domain before and after (nil on the side where it does not exist).
    public var old: DomainPolicy?
    public var new: DomainPolicy?
    /// Settings that differ (empty for an added or removed domain).
    public var settings: [SettingChange]
    /// Pins that differ (for an added or removed domain: every pin, added or removed).
    public var pins: [PinChange]

    init(added domain: DomainPolicy) {
        kind = .added
        host = domain.normalizedHost
        old = nil
        new = domain
        settings = []
        pins = domain.pins.map { PinChange(kind: .added, old: nil, new: $0) }
    }

    init(removed domain: DomainPolicy) {
        kind = .removed
        host = domain.normalizedHost
        old = domain
        new = nil
        settings = []
        pins = domain.pins.map { PinChange(kind: .removed, old: $0, new: nil) }
    }

    /// The change between two versions of one domain; nil when they are the same.
    init?(old: DomainPolicy, new: DomainPolicy) {
        let settings = SettingChange.between(old, new)
        let pins = PinChange.between(old.pins, new.pins)
        guard !settings.isEmpty || !pins.isEmpty else { return nil }
        self.kind = .changed
        self.host = new.normalizedHost
        self.old = old
        self.new = new
        self.settings = settings
        self.pins = pins
    }

    var isRemoval: Bool { kind == .removed }
}

/// One domain setting that differs, with its value before and after.
public enum SettingChange: Hashable, Sendable {
    case port(Int, Int)
    case connect(String?, String?)
    case includeSubdomains(Bool, Bool)
    case mode(EnforcementMode, EnforcementMode)
    case expires(CalendarDay?, CalendarDay?)
    /// The `issuance` setting as a whole (written `ca=… profile=…`, or `none`).
    case issuance(DomainIssuance?, DomainIssuance?)

    /// The setting's name as the manifest spells it.
    public var field: String {
        switch self {
        case .port: return "port"
        case .connect: return "connect"
        case .includeSubdomains: return "includeSubdomains"
        case .mode: return "mode"
        case .expires: return "expires"
        case .issuance: return "issuance"
        }
    }

    /// The values before and after, as the manifest writes them (`none` for an absent optional).
    public var values: (old: String, new: String) {
        func text<T: CustomStringConvertible>(_ value: T?) -> String { value.map(\.description) ?? "none" }
        switch self {
        case .port(let a, let b): return (String(a), String(b))
        case .connect(let a, let b): return (text(a), text(b))
        case .includeSubdomains(let a, let b): return (String(a), String(b))
        case .mode(let a, let b): return (a.rawValue, b.rawValue)
        case .expires(let a, let b): return (text(a), text(b))
        case .issuance(let a, let b): return (text(a), text(b))
        }
    }

    static func between(_ old: DomainPolicy, _ new: DomainPolicy) -> [SettingChange] {
        var changes: [SettingChange] = []
        if old.port != new.port { changes.append(.port(old.port, new.port)) }
        if old.connect != new.connect { changes.append(.connect(old.connect, new.connect)) }
        if old.includeSubdomains != new.includeSubdomains {
            changes.append(.includeSubdomains(old.includeSubdomains, new.includeSubdomains))
        }
        if old.mode != new.mode { changes.append(.mode(old.mode, new.mode)) }
        if old.expires != new.expires { changes.append(.expires(old.expires, new.expires)) }
        if old.issuance != new.issuance { changes.append(.issuance(old.issuance, new.issuance)) }
        return changes
    }
}

/// One pin that was added, removed or changed (same value, other role, position, label, note or dates).
public struct PinChange: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case added, removed, changed
    }

    /// A pin field that can change while the pin (its value) stays.
    public enum Field: String, Hashable, Sendable, Codable, CaseIterable {
        case type, role, position, label, note, notAfter, added
    }

    public var kind: Kind
    public var old: Pin?
    public var new: Pin?

    /// The pin's value (the same on both sides).
    public var value: String { (new ?? old)?.value ?? "" }

    /// The fields that differ, for a changed pin.
    public var fields: [Field] {
        guard let old, let new else { return [] }
        return Field.allCases.filter { $0.read(old) != $0.read(new) }
    }

    static func between(_ old: [Pin], _ new: [Pin]) -> [PinChange] {
        guard old != new else { return [] }
        var changes: [PinChange] = []
        for pin in new {
            if let before = old.first(where: { $0.value == pin.value }) {
                if before != pin { changes.append(PinChange(kind: .changed, old: before, new: pin)) }
            } else {
                changes.append(PinChange(kind: .added, old: nil, new: pin))
            }
        }
        for pin in old where !new.contains(where: { $0.value == pin.value }) {
            changes.append(PinChange(kind: .removed, old: pin, new: nil))
        }
        return changes
    }
}

extension PinChange.Field {
    /// The field of `pin` as the manifest writes it (nil when absent).
    public func read(_ pin: Pin) -> String? {
        switch self {
        case .type: return pin.type.rawValue
        case .role: return pin.role.rawValue
        case .position: return pin.position.rawValue
        case .label: return pin.label
        case .note: return pin.note
        case .notAfter: return pin.notAfter.map(Timestamp.format)
        case .added: return pin.added.map(Timestamp.format)
        }
    }

    /// Sets the field of `pin` to the same field of `source`.
    func copy(from source: Pin, into pin: inout Pin) {
        switch self {
        case .type: pin.type = source.type
        case .role: pin.role = source.role
        case .position: pin.position = source.position
        case .label: pin.label = source.label
        case .note: pin.note = source.note
        case .notAfter: pin.notAfter = source.notAfter
        case .added: pin.added = source.added
        }
    }
}

/// A manifest-wide setting's value on each side of a diff (nil: not set).
public struct ManifestSettingChange: Hashable, Sendable {
    public var old: String?
    public var new: String?

    public init(old: String?, new: String?) {
        self.old = old
        self.new = new
    }
}
