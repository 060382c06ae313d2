import CACatalog

/// Which CAs lint's catalog rules know.
public enum LintCatalog: Sendable {
    /// The catalog compiled into the binary, read and checked only once a pin names one of its keys or certificates
    /// (``CACatalog/isBuiltInPinValue(_:)``): a manifest that pins none costs no catalog read.
    case builtIn
    /// A catalog read beforehand (the built-in one with a team's added), or why it could not be read: then the rules
    /// say they could not run, since a gate that cannot judge does not pass silently.
    case given(Result<CACatalog, CACatalogError>)

    /// The catalog itself: the built-in one read now (once per process), or the one given.
    public var catalog: Result<CACatalog, CACatalogError> {
        switch self {
        case .builtIn: return Result { () throws(CACatalogError) -> CACatalog in try CACatalog.builtIn() }
        case .given(let result): return result
        }
    }
}
