extension Output {
    /// A command's report: the value as JSON with `--json`, else its text lines (made only when printed).
    static func report<Value: Encodable>(_ value: Value, json: Bool, lines: @autoclosure () -> [String]) {
        if json {
            self.json(value)
        } else {
            self.lines(lines())
        }
    }
}
