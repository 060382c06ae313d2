import Foundation
import Workbench

/// The OSC 52 "set clipboard" sequence: `ESC ] 52 ; c ; BASE64 BEL`. Base64 carries any text safely: no byte of
/// it can end the sequence or start another.
public enum OSC52 {
    /// The sequence for `text`, or nil when it is longer than ``OutputRequest/clipboardLimit``.
    public static func sequence(_ text: String) -> [UInt8]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= OutputRequest.clipboardLimit else { return nil }
        return Array("\u{1B}]52;c;".utf8) + Array(Data(bytes).base64EncodedString().utf8) + [0x07]
    }
}
