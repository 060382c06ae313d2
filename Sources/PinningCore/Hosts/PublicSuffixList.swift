import Foundation

/// The Public Suffix List (publicsuffix.org): names under which anyone can register a domain (`com`, `co.uk`,
/// `github.io`). includeSubdomains on one of them would pin every site below it, and TrustKit refuses it.
///
/// The core carries the list (``compiledIn``, generated from Debian's `publicsuffix` package by
/// `scripts/generate-public-suffix-table.py`), so a wildcard is judged the same on a phone as in CI; a caller that
/// wants another list reads one (``load(path:)``) and passes it. The parser follows the list's format: one rule per
/// line (the first whitespace-free token), `//` comments, wildcard rules (`*.ck`), exception rules (`!www.ck`), the
/// ICANN and private sections, and Unicode (IDN) rules, which are stored as A-labels because manifest hosts are
/// A-labels. The compiled-in list is never parsed: it is a sorted table searched where the binary holds it.
public struct PublicSuffixList: Hashable, Sendable {
    /// Which part of the list a rule comes from.
    public enum Section: String, Sendable {
        case icann = "ICANN"
        case `private` = "private"
    }

    /// Where Debian's `publicsuffix` package installs the list: what the compiled-in one is generated from.
    public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"
    /// The list is about 200 KB; a file far larger is not the list.
    public static let maximumFileSize = 8 * 1024 * 1024

    private var rules: [String: Section] = [:]
    private var wildcards: [String: Section] = [:]
    private var exceptions: Set<String> = []
    /// True for ``compiledIn``, whose rules are looked up in ``compiledInTable`` instead of the three above.
    private var isCompiledTable = false

    /// The number of rules read (normal, wildcard and exception).
    public private(set) var ruleCount = 0

    /// Parses the list's text. Rules that cannot be turned into A-labels are skipped.
    public init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Parses the list's UTF-8 bytes, one pass over the lines (ASCII rules, nearly all of them, without Foundation).
    public init(bytes: [UInt8]) {
        var section = Section.icann
        for line in bytes.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            let token = line[first...].prefix { $0 != 0x20 && $0 != 0x09 }
            if token.starts(with: [0x2F, 0x2F]) {
                let comment = String(decoding: line, as: UTF8.self)
                if comment.contains("===BEGIN PRIVATE DOMAINS===") { section = .private }
                if comment.contains("===BEGIN ICANN DOMAINS===") { section = .icann }
                continue
            }
            var rule = token[...]
            let isException = rule.first == UInt8(ascii: "!")
            if isException { rule = rule.dropFirst() }
            let isWildcard = !isException && rule.starts(with: [UInt8(ascii: "*"), UInt8(ascii: ".")])
            if isWildcard { rule = rule.dropFirst(2) }
            guard let name = Self.asciiRule(rule) else { continue }
            if isException {
                exceptions.insert(name)
            } else if isWildcard {
                wildcards[name] = section
            } else {
                rules[name] = section
            }
            ruleCount += 1
        }
    }

    /// The section of the rule that makes `host` a public suffix, or nil when it is not one. `host` is an A-label
    /// name as the host rule writes it. By the list's default rule `*`, any single-label name is a public suffix.
    public func publicSuffixSection(of host: String) -> Section? {
        let name = DomainPolicy.normalize(host)
        guard !name.isEmpty else { return nil }
        if isCompiledTable { return CompiledSuffixTable.section(of: name) }
        if exceptions.contains(name) { return nil }
        if let section = rules[name] { return section }
        if let dot = name.firstIndex(of: ".") {
            let parent = String(name[name.index(after: dot)...])
            if let section = wildcards[parent] { return section }
            return nil
        }
        return .icann
    }

    /// Loads the list from `path`; the reason when it cannot be read. The core never reads one unasked: the caller
    /// names the file.
    public static func load(path: String) -> Result<PublicSuffixList, FileReadError> {
        do {
            let data = try BoundedFileReader.read(
                URL(fileURLWithPath: path), limit: maximumFileSize, what: "Public Suffix List")
            return .success(PublicSuffixList(bytes: [UInt8](data)))
        } catch {
            return .failure(error)
        }
    }

    /// The list compiled into the core (``compiledInSource`` says which). Nothing is built: lookups binary-search
    /// the generated table in the program's read-only data, so a `check` neither spends the time to parse 9,500
    /// rules nor keeps the 0.4 MB of dictionaries they made.
    public static let compiledIn: PublicSuffixList = {
        var list = PublicSuffixList(bytes: [])
        list.isCompiledTable = true
        list.ruleCount = compiledInSource.ruleCount
        return list
    }()

    /// Every rule, as `(name, kind)` sorted by the name's UTF-8 bytes then the kind: what two lists are compared by
    /// in tests, whichever way each holds its rules.
    package var everyRule: [(name: String, kind: RuleKind)] {
        if isCompiledTable { return CompiledSuffixTable.everyRule() }
        var all = rules.map { ($0.key, RuleKind.rule($0.value)) }
        all += wildcards.map { ($0.key, RuleKind.wildcard($0.value)) }
        all += exceptions.map { ($0, RuleKind.exception) }
        return all.sorted {
            ($0.0.utf8.lexicographicallyPrecedes($1.0.utf8)) || ($0.0 == $1.0 && $0.1.code < $1.1.code)
        }
        .map { (name: $0.0, kind: $0.1) }
    }

    /// The origin of a compiled-in list: the package version and file it was generated from.
    public struct Source: Hashable, Sendable {
        public let packageVersion: String
        /// The SHA-256 of the list file, lower-case hex.
        public let sha256: String
        /// Rules in the file (normal, wildcard and exception), as the generator counted them.
        public let ruleCount: Int
    }

    /// A rule's labels as A-labels, lower case (Unicode labels through Punycode); nil when a label cannot be
    /// encoded or is empty.
    private static func asciiRule(_ rule: ArraySlice<UInt8>) -> String? {
        guard !rule.isEmpty else { return nil }
        if rule.allSatisfy({ $0 < 0x80 }) {
            let lowered = rule.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
            let text = String(decoding: lowered, as: UTF8.self)
            return text.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty)
                ? nil : text
        }
        var labels: [String] = []
        for label in String(decoding: rule, as: UTF8.self).lowercased().split(
            separator: ".", omittingEmptySubsequences: false)
        {
            guard !label.isEmpty else { return nil }
            if label.allSatisfy(\.isASCII) {
                labels.append(String(label))
            } else {
                guard let aLabel = Punycode.aLabel(for: String(label)) else { return nil }
                labels.append(aLabel)
            }
        }
        return labels.joined(separator: ".")
    }
}
