/// One line of the Forecast view: pieces of text, each with its role (a matrix row colours each cell by its verdict).
struct ForecastLine: Hashable, Sendable {
    struct Span: Hashable, Sendable {
        var text: String
        var role: StyleRole
    }

    var spans: [Span]

    init(_ spans: [Span]) {
        self.spans = spans
    }

    init(_ text: String, _ role: StyleRole = .overlayText) {
        spans = [Span(text: text, role: role)]
    }

    /// `text` wrapped at `width` columns, each part a line of `role`, later parts indented by `indent` blanks.
    static func wrapped(_ text: String, width: Int, role: StyleRole, indent: Int = 0) -> [ForecastLine] {
        let pad = String(repeating: " ", count: indent)
        let parts = Frame.wrap(text, width: max(1, width - indent))
        return parts.enumerated().map { index, part in ForecastLine((index == 0 ? "" : pad) + part, role) }
    }

    var text: String { spans.map(\.text).joined() }
}
