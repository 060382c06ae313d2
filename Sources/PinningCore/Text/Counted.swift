/// "1 warning", "2 warnings": a count with its noun in the right number, for every summary the CLI and the
/// workbench print.
public func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
}
