import Foundation
import ManifestEditing
import PinningCore

/// The `K` form: which algorithm and which folder for a new backup key of one host. Its own model and update; the
/// workbench nests it in ``OverlayState/backupKeyForm(_:)`` and hands it the keys while it is open.
public struct BackupKeyForm: Hashable, Sendable {
    public enum Field: Hashable, Sendable {
        case algorithm
        case folder
    }

    /// What the form asks of the workbench after a key.
    public enum Action: Hashable, Sendable {
        case stay
        case cancel
        /// Generate a key with these answers (the folder as typed; the backend resolves `~` and relative paths).
        case submit(BackupKeyAlgorithm, folder: String)
    }

    public let host: String
    public var algorithm: BackupKeyAlgorithm
    public var folder: String
    public var field: Field
    /// Why the last submit was refused (an empty folder), shown in the form.
    public var problem: String?
    /// True while the key is being generated: the form shows progress and only Esc is taken.
    public var isGenerating: Bool

    public init(host: String, algorithm: BackupKeyAlgorithm = .p256, folder: String = "") {
        self.host = host
        self.algorithm = algorithm
        self.folder = folder
        self.field = .algorithm
        self.problem = nil
        self.isGenerating = false
    }

    /// Handles one key: `command` is what the key table says in ``KeyContext/backupKeyForm``; printable characters
    /// the table does not bind type into the folder field.
    public mutating func update(_ key: Key, command: Command?) -> Action {
        if command == .cancel { return .cancel }
        if isGenerating { return .stay }
        switch command {
        case .focusNext, .focusPrevious:
            field = field == .algorithm ? .folder : .algorithm
            return .stay
        case .moveUp where field == .algorithm:
            choose(by: -1)
            return .stay
        case .moveDown where field == .algorithm:
            choose(by: 1)
            return .stay
        case .confirm:
            let trimmed = folder.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                problem = "type the folder to write the key to (it must exist)"
                field = .folder
                return .stay
            }
            problem = nil
            isGenerating = true
            return .submit(algorithm, folder: trimmed)
        default:
            break
        }
        guard field == .folder else { return .stay }
        switch key {
        case .backspace, .delete:
            if !folder.isEmpty { folder.removeLast() }
        case .character(let character):
            if let scalar = character.unicodeScalars.first, !TerminalSafeText.isUnsafe(scalar),
                folder.count < Self.maximumFolderLength
            {
                folder.append(character)
            }
        default:
            break
        }
        return .stay
    }

    /// A path longer than this is surely pasted by mistake.
    static let maximumFolderLength = 1024

    private mutating func choose(by delta: Int) {
        let all = BackupKeyAlgorithm.allCases
        let index = all.firstIndex(of: algorithm) ?? 0
        algorithm = all[min(max(0, index + delta), all.count - 1)]
    }
}
