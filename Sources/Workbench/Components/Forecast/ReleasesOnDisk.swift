import PinForecast
import PinningCore

/// The shipped releases as the runtime read them from the releases file beside the manifest (``ReleaseList``), with
/// each release's pins: what the Forecast view judges beside the manifest being edited (the candidate next release).
public enum ReleasesOnDisk: Sendable {
    /// Not read yet: the runtime reads the file when the session starts, off the loop.
    case notRead
    /// There is no releases file at `path`: only the candidate can be judged.
    case missing(path: String)
    /// The releases file could not be used (not strict JSON, a bad field, a FIFO…): the error names file, line and
    /// column.
    case unreadable(ManifestError)
    /// The releases whose pins could be read, indexed once for every domain (``ReleaseBook``), and a sentence for
    /// each release left out because its pins could not be read (a missing file, an unknown git revision).
    case loaded(path: String, book: ReleaseBook, problems: [String])

    /// The shipped releases to judge: none unless the file was read.
    var book: ReleaseBook {
        if case .loaded(_, let book, _) = self { return book }
        return ReleaseBook([])
    }
}
