import CACatalog
import Foundation
import ManifestEditing
import ManifestLint
import PinningCore

/// The domain settings form (`e`): mode, includeSubdomains, expires, port, connect and the fields of `issuance` of
/// one domain, edited as a draft and applied as one undoable edit. Each typed value goes through
/// ``DomainSettingsChange``, as `pinbench domain set` reads it; each change is linted (the one ``ManifestLinter``, on
/// the manifest as it would be) before it is applied, so the form shows what a setting would cost, and the draft's
/// effective issuance (``IssuancePlan``, with the live chain) is shown with where each value comes from.
///
/// A pure model: ``update(key:command:)`` answers with an ``Action`` for the workbench to carry out.
public struct SettingsForm: Hashable, Sendable {
    public enum Field: Int, CaseIterable, Hashable, Sendable {
        case mode, includeSubdomains, expires, port, connect, issuanceCA, issuanceProfile, lifetimeDays, keyReuse

        /// The setting as the manifest names it (`issuance.ca`), which is also what its typing errors name.
        public var name: String { setting.rawValue }

        /// The row's label: the name, with the last two fields of `issuance` indented under it so that every label
        /// fits the form's name column.
        public var label: String {
            switch self {
            case .lifetimeDays: return "  lifetimeDays"
            case .keyReuse: return "  keyReuse"
            default: return name
            }
        }

        /// The setting a typed value goes to, read by ``DomainSettingsChange``.
        var setting: DomainSettingsError.Field {
            switch self {
            case .mode: return .mode
            case .includeSubdomains: return .includeSubdomains
            case .expires: return .expires
            case .port: return .port
            case .connect: return .connect
            case .issuanceCA: return .issuanceCA
            case .issuanceProfile: return .issuanceProfile
            case .lifetimeDays: return .lifetimeDays
            case .keyReuse: return .keyReuse
            }
        }

        /// Choices toggle in place (keyReuse cycles none, true, false); the others are typed.
        public var isChoice: Bool { self == .mode || self == .includeSubdomains || self == .keyReuse }

        /// The lint rules this setting can set off or clear.
        public var rules: [LintFinding.Rule] {
            switch self {
            case .mode: return [.tooFewPins]
            case .expires: return [.expiresInPast]
            case .issuanceCA: return [.issuanceUnknownCA, .issuanceUnknownProfile]
            case .issuanceProfile: return [.issuanceUnknownProfile]
            case .includeSubdomains, .port, .connect, .lifetimeDays, .keyReuse: return []
            }
        }
    }

    /// What the form asks of the workbench.
    public enum Action: Hashable, Sendable {
        case stay
        /// The draft changed: lint it again.
        case relint
        case apply(DomainSettings)
        case cancel
    }

    /// The longest text a field accepts: more than any date, port or address needs.
    public static let maximumInput = 300

    public let host: String
    public let original: DomainSettings
    public private(set) var draft: DomainSettings
    public private(set) var field: Field = .mode
    /// The text being typed into a typed field, or nil when not typing.
    public private(set) var editing: String?
    /// Why the typed text was not taken.
    public private(set) var error: DomainSettingsError?
    /// Lint findings for this domain as the manifest is now, and as it would be with the draft.
    public private(set) var currentFindings: [LintFinding] = []
    public private(set) var draftFindings: [LintFinding] = []
    /// The draft's effective issuance (``IssuancePlan/valueLines``), or why it cannot be shown (an unreadable
    /// catalog).
    public private(set) var issuanceLines: [String] = []
    /// The plan's warning that the declared CA is not the live chain's (``IssuancePlan/caChangeLine``).
    public private(set) var issuanceWarning: String?

    public init(domain: DomainPolicy) {
        host = domain.host
        original = DomainSettings(domain)
        draft = original
    }

    /// Handles a key; `command` is what the key table binds it to in the form's context. While a field is being
    /// typed, keys are text (only Enter, Esc and Backspace act).
    public mutating func update(key: Key, command: Command?) -> Action {
        if editing != nil { return updateTyping(key) }
        switch command {
        case .moveUp: field = Field(rawValue: max(0, field.rawValue - 1))!
        case .moveDown: field = Field(rawValue: min(Field.allCases.count - 1, field.rawValue + 1))!
        case .moveTop: field = .mode
        case .moveBottom: field = Field.allCases[Field.allCases.count - 1]
        case .editField:
            switch field {
            case .mode:
                draft.mode = draft.mode == .enforce ? .reportOnly : .enforce
                return .relint
            case .includeSubdomains:
                draft.includeSubdomains.toggle()
                return .relint
            case .keyReuse:
                let next = draft.issuance.keyReuse.map { $0 ? "false" : DomainSettings.noneWord } ?? "true"
                (try? DomainSettingsChange(.keyReuse, text: next))?.apply(to: &draft)
                return .relint
            case .expires, .port, .connect, .issuanceCA, .issuanceProfile, .lifetimeDays:
                editing = text(of: field, in: draft)
                error = nil
            }
        case .applySettings: return .apply(draft)
        case .cancel, .quit: return .cancel
        default: break
        }
        return .stay
    }

    private mutating func updateTyping(_ key: Key) -> Action {
        guard var text = editing else { return .stay }
        switch key {
        case .escape:
            editing = nil
            error = nil
        case .enter:
            let entered = text.trimmingCharacters(in: .whitespaces)
            do {
                // An empty optional setting clears it; an empty port is refused, as any port that is not one.
                let typed = entered.isEmpty && field != .port ? DomainSettings.noneWord : entered
                try DomainSettingsChange(field.setting, text: typed).apply(to: &draft)
                editing = nil
                error = nil
                return .relint
            } catch {
                self.error = error
            }
        case .backspace, .delete:
            if !text.isEmpty { text.removeLast() }
            editing = text
        case .character(let c):
            // Hostile text (controls, escapes, bidi overrides) is refused as it is typed, as in every prompt.
            guard let scalar = c.unicodeScalars.first, !TerminalSafeText.isUnsafe(scalar),
                text.count < Self.maximumInput
            else { return .stay }
            text.append(c)
            editing = text
        default: break
        }
        return .stay
    }

    /// The value of `field` as typed text (`none` for an unset optional).
    public func text(of field: Field, in settings: DomainSettings) -> String {
        switch field {
        case .mode: return settings.mode.rawValue
        case .includeSubdomains: return settings.includeSubdomains ? "yes" : "no"
        case .expires: return settings.expires?.description ?? DomainSettings.noneWord
        case .port: return String(settings.port)
        case .connect: return settings.connect ?? DomainSettings.noneWord
        case .issuanceCA: return settings.issuance.ca ?? DomainSettings.noneWord
        case .issuanceProfile: return settings.issuance.profile ?? DomainSettings.noneWord
        case .lifetimeDays: return settings.issuance.lifetimeDays.map(String.init) ?? DomainSettings.noneWord
        case .keyReuse: return settings.issuance.keyReuse.map(String.init) ?? DomainSettings.noneWord
        }
    }

    /// True when the draft differs from the domain's settings in `field`.
    public func isChanged(_ field: Field) -> Bool {
        text(of: field, in: draft) != text(of: field, in: original)
    }

    /// Lints `manifest` as it is and as it would be with the draft, at `now`, with the live chains `served` and the
    /// facts gathered from the disk (`environment`); keeps the findings that concern this domain, and plans the
    /// draft's issuance with the domain's live chain (`chain`, leaf first). The workbench calls this when the form
    /// opens and on ``Action/relint``.
    public mutating func lint(
        _ manifest: PinManifest, now: Date, served: [String: ServedChain], environment: LintEnvironment,
        chain: [ChainCertificate]? = nil
    ) {
        let linter = ManifestLinter(environment)
        let host = DomainPolicy(host: self.host).normalizedHost
        func mine(_ findings: [LintFinding]) -> [LintFinding] {
            findings.filter { $0.host.map { DomainPolicy(host: $0).normalizedHost } == host }
        }
        var wouldBe = manifest
        _ = ManifestEditor.updateSettings(host: self.host, in: &wouldBe) { $0 = draft }
        currentFindings = mine(linter.lint(manifest, now: now, servedChains: served))
        draftFindings = draft == original ? currentFindings : mine(linter.lint(wouldBe, now: now, servedChains: served))
        switch environment.catalog.catalog {
        case .success(let catalog):
            let issuance = draft.issuance.isEmpty ? nil : draft.issuance
            let plan = IssuancePlan(host: self.host, issuance: issuance, served: chain, catalog: catalog, on: now)
            issuanceLines = plan.valueLines
            issuanceWarning = plan.caChangeLine
        case .failure(let error):
            issuanceLines = ["Issuance not planned: the CA catalog cannot be read (\(error))."]
            issuanceWarning = nil
        }
    }

    /// Findings the draft brings that the domain does not have now.
    public var newFindings: [LintFinding] { draftFindings.filter { !currentFindings.contains($0) } }
    /// Findings the domain has now that the draft clears.
    public var resolvedFindings: [LintFinding] { currentFindings.filter { !draftFindings.contains($0) } }

    /// The draft's findings of the rules `field` can set off.
    public func findings(for field: Field) -> [LintFinding] {
        draftFindings.filter { field.rules.contains($0.rule) }
    }
}
