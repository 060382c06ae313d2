import CommandText
import PinForecast

extension ReleaseList {
    /// `release list` as text: a table of the releases (a dash for what a release does not state), or how to add one.
    public var textLines: [String] {
        guard !releases.isEmpty else {
            return ["No releases (add one with `pinbench release add NAME --from REV|FILE`)."]
        }
        let rows = releases.map { entry in
            [
                entry.name, entry.shipped?.description ?? "-", entry.share.map(ReleaseShare.percent) ?? "-",
                entry.formatShown, entry.source.shown,
            ]
        }
        return TextTable(header: ["RELEASE", "SHIPPED", "SHARE", "FORMAT", "PINS FROM"], rows: rows).lines
    }
}

extension ReleaseEntry {
    /// How the list names the source's format: a build's record is `build`.
    public var formatShown: String {
        if case .build = source { return "build" }
        return format.rawValue
    }
}
