import PinExport
import PinningCore

/// Output the backend performs for the workbench outside the screen: the terminal's clipboard and files.
public enum OutputRequest: Hashable, Sendable {
    /// Send `text` to the terminal's clipboard with OSC 52 (base64, written straight to the terminal, outside
    /// curses' buffer). No answer comes back: the terminal does not say whether it allowed it.
    case clipboard(String)
    /// Write `contents` to `path` atomically; unless `replacing`, an existing file is left alone. `companions` (an
    /// export's bundled `.cer` files) go into the same folder first (``ExportFileWriter``). Answered with
    /// `fileWritten` or `fileWriteFailed`.
    case writeFile(path: String, contents: [UInt8], replacing: Bool, companions: [ExportedFile] = [])

    /// Clipboard text longer than this is not sent (terminals cap OSC 52; a pin or fingerprint is under 100 bytes).
    public static let clipboardLimit = 8 * 1024
}
