/// A long test argument as a parameterised test's name shows it: the first `limit` characters, quoted, and the
/// length of the rest. A 700 kB nesting sample printed whole made one line of the test log 700 kB long.
public func briefArgument(_ text: String, limit: Int = 60) -> String {
    guard text.count > limit else { return text.debugDescription }
    return String(text.prefix(limit)).debugDescription + "… (\(text.count) characters)"
}
