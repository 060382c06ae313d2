/// Splits POSIX shell text into commands and words the way `sh` would, but refuses everything that would make
/// the shell do more than run a literal command: expansions (`$`, backquote), globs, braces, tildes, history `!`,
/// redirections, pipes, `;`, `&`, subshells, and unterminated quotes.
public enum ShellWords {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The commands of `text` (one per unquoted line break), each as its words with quoting removed.
    /// Lines starting with `#` are comments.
    public static func commands(_ text: String) throws(Failure) -> [[String]] {
        let scalars = Array(text.unicodeScalars)
        var commands: [[String]] = []
        var words: [String] = []
        var word: String? = nil
        var index = 0
        func endWord() {
            if let finished = word { words.append(finished) }
            word = nil
        }
        func endCommand() {
            endWord()
            if !words.isEmpty { commands.append(words) }
            words = []
        }
        while index < scalars.count {
            let c = scalars[index]
            index += 1
            switch c {
            case " ", "\t":
                endWord()
            case "\n":
                endCommand()
            case "#" where word == nil:
                while index < scalars.count && scalars[index] != "\n" { index += 1 }
            case "\\":
                guard index < scalars.count, scalars[index] != "\n" else {
                    throw Failure(description: "backslash before a line break or at the end")
                }
                word = (word ?? "") + String(scalars[index])
                index += 1
            case "'":
                var part = ""
                while true {
                    guard index < scalars.count else { throw Failure(description: "unterminated single quote") }
                    let q = scalars[index]
                    index += 1
                    if q == "'" { break }
                    part.unicodeScalars.append(q)
                }
                word = (word ?? "") + part
            case "\"":
                var part = ""
                while true {
                    guard index < scalars.count else { throw Failure(description: "unterminated double quote") }
                    let q = scalars[index]
                    index += 1
                    if q == "\"" { break }
                    switch q {
                    case "$", "`", "!":
                        throw Failure(description: "\(q) inside double quotes expands")
                    case "\\":
                        guard index < scalars.count else { throw Failure(description: "unterminated double quote") }
                        let next = scalars[index]
                        if next == "$" || next == "`" || next == "\"" || next == "\\" {
                            part.unicodeScalars.append(next)
                            index += 1
                        } else if next == "\n" {
                            index += 1
                        } else {
                            part.unicodeScalars.append(q)
                        }
                    default:
                        part.unicodeScalars.append(q)
                    }
                }
                word = (word ?? "") + part
            case "~" where word == nil:
                throw Failure(description: "unquoted ~ at the start of a word expands")
            default:
                guard isLiteral(c) else { throw Failure(description: "unquoted \(visible(String(c))) is shell syntax") }
                word = (word ?? "") + String(c)
            }
        }
        endCommand()
        return commands
    }

    /// Characters that stand for themselves outside quotes.
    private static func isLiteral(_ c: Unicode.Scalar) -> Bool {
        if c.value > 0x7F { return true }
        if ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) { return true }
        return "-_./:=@%+,#~^".unicodeScalars.contains(c)
    }
}
