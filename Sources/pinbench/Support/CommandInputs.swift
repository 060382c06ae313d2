import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

/// The files a command reads, for the rule that an output is never one of them (``OutputTarget``).
enum CommandInputs {
    /// The manifest, the CA bundle the command trusts (given, from `$SSL_CERT_FILE` or the system's; none without
    /// `trust`, as in the demo) and the manifest's own trust anchors.
    static func manifestAndTrust(_ document: ManifestDocument, trust: TrustOptions?) -> [InputFile] {
        InputFile.manifestAndAnchors(document, bundle: trust?.systemBundlePath)
    }

    /// What the CLI adds to the core's reason for a refused output given with `option`.
    static func hint(_ error: OutputFileError, option: String) -> String {
        switch error.code {
        case .standardStream, .notRegularFile:
            return option == "--output" ? "; leave out --output to write to standard output" : ""
        default:
            return ""
        }
    }
}
