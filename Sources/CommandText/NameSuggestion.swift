/// The closest known name to a word that is none of them: "did you mean" for commands, options and formats.
public enum NameSuggestion {
    /// The closest name within two edits, so a typo gets a suggestion and an unrelated word does not. Ties go to the
    /// name listed first.
    public static func nearest(to word: String, in names: [String]) -> String? {
        let scored = names.map { ($0, distance(Array(word), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance; both words are short names, and the input is cut to 64 characters.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        let a = Array(a.prefix(64))
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
