import PinningCore

/// `pinbench diff --json`: the semantic diff and its lockout risk, for scripts and CI.
public struct DiffReport: Encodable, Sendable {
    public struct Value: Encodable, Sendable {
        public let field: String
        public let old: String?
        public let new: String?
    }

    public struct PinEntry: Encodable, Sendable {
        public let change: String
        public let value: String
        public let type: String
        public let role: String
        /// For a changed pin: each field that differs.
        public let fields: [Value]
    }

    public struct DomainEntry: Encodable, Sendable {
        public let host: String
        public let change: String
        public let settings: [Value]
        public let pins: [PinEntry]
    }

    public let old: String
    public let new: String
    public let changed: Bool
    public let trustAnchorsAdded: [String]
    public let trustAnchorsRemoved: [String]
    /// The `caCatalog` folder before and after (null for none), when it changed.
    public let caCatalog: Value?
    /// `releaseFieldDays` before and after (null for the default), when it changed.
    public let releaseFieldDays: Value?
    public let domains: [DomainEntry]
    /// The pin sets' own risks always; those against a served chain only for the hosts that had one.
    public let risks: [LockoutRisk]?
    public let unchecked: [String]?
    public let unreachable: [String]
    /// True when the change brings in a lockout risk (exit status 1).
    public let risky: Bool
    /// With --clients: the client rules' warnings on the added and changed domains.
    public let clientWarnings: [ClientWarning]?

    public init(
        old: String, new: String, diff: ManifestDiff, assessment: LockoutAssessment?, unreachable: [String],
        clientWarnings: [ClientWarning]? = nil
    ) {
        self.old = old
        self.new = new
        changed = !diff.isEmpty
        trustAnchorsAdded = diff.trustAnchorsAdded
        trustAnchorsRemoved = diff.trustAnchorsRemoved
        caCatalog = diff.caCatalog.map { Value(field: "caCatalog", old: $0.old, new: $0.new) }
        releaseFieldDays = diff.releaseFieldDays.map { Value(field: "releaseFieldDays", old: $0.old, new: $0.new) }
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

extension ManifestDiff {
    /// `pinbench diff` as a reader sees it: the two sides, each change with its risks, the hosts that could not be
    /// reached, and how to judge the risks left unchecked when no served chain was given.
    public func reportLines(
        old: String, new: String, assessment: LockoutAssessment, clientWarnings: [ClientWarning],
        unreachable: [String], judgedServed: Bool
    ) -> [String] {
        var text = ["--- \(old)", "+++ \(new)"]
        text += lines(assessment: assessment, clientWarnings: clientWarnings).map(\.text)
        text += unreachable.map { "? \($0): could not be reached, so its risk was not judged" }
        if !judgedServed && !assessment.unchecked.isEmpty {
            text.append("(to judge them against what servers serve: give --served HOST=FILE or --live)")
        }
        return text
    }
}
