import Foundation
import ManifestEditing
import PinExport
import PinningCore

/// Save PEM and export in one small flow: pick what to write, name the file (a default is filled in), and, when
/// the file exists, say whether to overwrite it. The dialog only decides; the workbench builds the bytes and the
/// backend writes them atomically.
public struct FileOutputDialog: Hashable, Sendable {
    /// What a choice writes.
    public enum Content: Hashable, Sendable {
        /// Text ready to write (PEM), with how many certificates it holds.
        case pem(String, certificates: Int)
        /// The edited manifest in this format, rendered when written.
        case export(ExportFormat)
    }

    public struct Choice: Hashable, Sendable {
        public var label: String
        public var defaultPath: String
        public var content: Content

        public init(label: String, defaultPath: String, content: Content) {
            self.label = label
            self.defaultPath = defaultPath
            self.content = content
        }
    }

    public enum Stage: Hashable, Sendable {
        case choosing
        case naming
        /// The file exists: overwrite it?
        case confirmingOverwrite
        /// Waiting for the backend's answer.
        case writing
    }

    public var title: String
    /// Said above the choices, e.g. that unsaved edits are exported.
    public var notes: [String]
    public var choices: [Choice]
    public var selected = 0
    public var stage: Stage = .choosing
    /// The file name being typed.
    public var path = ""

    public init(title: String, notes: [String] = [], choices: [Choice]) {
        self.title = title
        self.notes = notes
        self.choices = choices
    }

    public var chosen: Choice? { choices.indices.contains(selected) ? choices[selected] : nil }

    /// The key contexts of the current stage: the key table's bindings for it, its footer and its help section.
    public var keyContexts: [KeyContext] {
        switch stage {
        case .choosing, .writing: return [.outputChooser, .global]
        case .naming: return [.outputPath]
        case .confirmingOverwrite: return [.overwriteConfirm]
        }
    }

    public enum Action: Hashable, Sendable {
        case stay
        case close
        case write(Choice, path: String, replacing: Bool)
    }

    /// Handles one key. While naming, keys that are not bound in the file-name context are typed.
    public mutating func update(_ key: Key, keyMap: KeyMap) -> Action {
        let command = keyMap.command(for: key, in: keyContexts)
        switch stage {
        case .choosing:
            switch command {
            case .moveUp: selected = max(0, selected - 1)
            case .moveDown: selected = min(choices.count - 1, selected + 1)
            case .moveTop: selected = 0
            case .moveBottom: selected = max(0, choices.count - 1)
            case .confirm:
                guard let chosen else { return .stay }
                path = chosen.defaultPath
                stage = .naming
            case .cancel, .quit: return .close
            default: break
            }
        case .naming:
            switch command {
            case .confirm:
                guard let chosen else { return .stay }
                let trimmed = path.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else { return .stay }
                stage = .writing
                return .write(chosen, path: trimmed, replacing: false)
            case .cancel:
                stage = .choosing
            default:
                switch key {
                case .backspace, .delete:
                    if !path.isEmpty { path.removeLast() }
                case .character(let c):
                    if !TerminalSafeText.isUnsafe(c.unicodeScalars.first!), path.count < Self.pathLimit {
                        path.append(c)
                    }
                default: break
                }
            }
        case .confirmingOverwrite:
            switch command {
            case .confirm:
                guard let chosen else { return .stay }
                stage = .writing
                return .write(chosen, path: path, replacing: true)
            case .cancel: stage = .naming
            default: break
            }
        case .writing:
            if command == .cancel { return .close }
        }
        return .stay
    }

    /// A typed file name is capped (PATH_MAX).
    public static let pathLimit = 4096

    /// The backend's answer to a write: the dialog closes on success; an existing file leads to the overwrite
    /// question; any other failure goes back to the name, so it can be fixed.
    public mutating func finished(_ error: OutputFileError?) -> Action {
        guard let error else { return .close }
        stage = error.code == .exists ? .confirmingOverwrite : .naming
        return .stay
    }
}
