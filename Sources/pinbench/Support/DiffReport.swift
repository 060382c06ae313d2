import ManifestLint
import PinningCore

/// `pinbench diff --json`: the semantic diff and its lockout risk, for scripts and CI.
struct DiffReport: Encodable {
    struct Value: Encodable {
        let field: String
        let old: String?
        let new: String?
    }

    struct PinEntry: Encodable {
        let change: String
        let value: String
        let type: String
        let role: String
        /// For a changed pin: each field that differs.
        let fields: [Value]
    }

    struct DomainEntry: Encodable {
        let host: String
        let change: String
        let settings: [Value]
        let pins: [PinEntry]
    }

    let old: String
    let new: String
    let changed: Bool
    let trustAnchorsAdded: [String]
    let trustAnchorsRemoved: [String]
    let domains: [DomainEntry]
    /// The pin sets' own risks always; those against a served chain only for the hosts that had one.
    let risks: [LockoutRisk]?
    let unchecked: [String]?
    let unreachable: [String]
    /// True when the change brings in a lockout risk (exit status 1).
    let risky: Bool
    /// With --clients: the client rules' warnings on the added and changed domains.
    let clientWarnings: [ClientWarning]?

    init(
        old: String, new: String, diff: ManifestDiff, assessment: LockoutAssessment?, unreachable: [String],
        clientWarnings: [ClientWarning]? = nil
    ) {
        self.old = old
        self.new = new
        changed = !diff.isEmpty
        trustAnchorsAdded = diff.trustAnchorsAdded
        trustAnchorsRemoved = diff.trustAnchorsRemoved
        domains = diff.domains.map { change in
            DomainEntry(
                host: change.host,
                change: change.kind.rawValue,
                settings: change.settings.map { Value(field: $0.field, old: $0.values.old, new: $0.values.new) },
                pins: change.pins.map { pin in
                    let shown = (pin.new ?? pin.old)!
                    return PinEntry(
                        change: pin.kind.rawValue, value: pin.value, type: shown.type.rawValue,
                        role: shown.role.rawValue,
                        fields: pin.fields.map { field in
                            Value(
                                field: field.rawValue, old: pin.old.flatMap(field.read),
                                new: pin.new.flatMap(field.read))
                        })
                })
        }
        risks = assessment?.risks
        unchecked = assessment?.unchecked
        self.unreachable = unreachable
        risky = assessment?.isRisky ?? false
        self.clientWarnings = clientWarnings
    }
}
