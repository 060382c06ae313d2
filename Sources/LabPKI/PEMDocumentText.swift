import Foundation

/// PEM text for a DER blob: a BEGIN/END header pair around base64 wrapped at 64 columns (RFC 7468).
public struct PEMDocumentText: Sendable {
    public let text: String

    public init(type: String, der: [UInt8]) {
        let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        text = "-----BEGIN \(type)-----\n\(base64)\n-----END \(type)-----\n"
    }
}
