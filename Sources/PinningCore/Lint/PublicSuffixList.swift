import Foundation

/// The Public Suffix List (publicsuffix.org): names under which anyone can register a domain (`com`, `co.uk`,
/// `github.io`). includeSubdomains on one of them would pin every site below it, and TrustKit refuses it.
///
/// Read from Debian's `publicsuffix` package (``defaultPath``), parsed once per process (``system``). The parser
/// follows the list's format: one rule per line (the first whitespace-free token), `//` comments, wildcard rules
/// (`*.ck`), exception rules (`!www.ck`), the ICANN and private sections, and Unicode (IDN) rules, which are
/// stored as A-labels because manifest hosts are A-labels.
public struct PublicSuffixList: Sendable {
    /// Which part of the list a rule comes from.
    public enum Section: String, Sendable {
        case icann = "ICANN"
        case `private` = "private"
    }

    public static let defaultPath = "/usr/share/publicsuffix/public_suffix_list.dat"
    /// The list is about 200 KB; a file far larger is not the list.
    public static let maximumFileSize = 8 * 1024 * 1024

    private var rules: [String: Section] = [:]
    private var wildcards: [String: Section] = [:]
    private var exceptions: Set<String> = []

    /// The number of rules read (normal, wildcard and exception).
    public private(set) var ruleCount = 0

    /// Parses the list's text. Rules that cannot be turned into A-labels are skipped.
    public init(text: String) {
        var section = Section.icann
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("//") {
                if line.contains("===BEGIN PRIVATE DOMAINS===") { section = .private }
                if line.contains("===BEGIN ICANN DOMAINS===") { section = .icann }
                continue
            }
            guard let token = line.split(whereSeparator: \.isWhitespace).first else { continue }
            var rule = String(token).lowercased()
            if rule.hasPrefix("!") {
                rule.removeFirst()
                guard let name = Self.asciiRule(rule) else { continue }
                exceptions.insert(name)
            } else if rule.hasPrefix("*.") {
                rule.removeFirst(2)
                guard let name = Self.asciiRule(rule) else { continue }
                wildcards[name] = section
            } else {
                guard let name = Self.asciiRule(rule) else { continue }
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
        if exceptions.contains(name) { return nil }
        if let section = rules[name] { return section }
        if let dot = name.firstIndex(of: ".") {
            let parent = String(name[name.index(after: dot)...])
            if let section = wildcards[parent] { return section }
            return nil
        }
        return .icann
    }

    /// Loads the list from `path`; nil with the reason when it cannot be read.
    public static func load(path: String = defaultPath) -> Result<PublicSuffixList, FileReadError> {
        do {
            let data = try BoundedFileReader.read(
                URL(fileURLWithPath: path), limit: maximumFileSize, what: "the Public Suffix List")
            return .success(PublicSuffixList(text: String(decoding: data, as: UTF8.self)))
        } catch {
            return .failure(error)
        }
    }

    /// The system list, read and parsed the first time it is needed and kept for the life of the process.
    public static let system: Result<PublicSuffixList, FileReadError> = load()

    /// A rule's labels as A-labels (Unicode labels through Punycode); nil when a label cannot be encoded.
    private static func asciiRule(_ rule: String) -> String? {
        guard !rule.isEmpty else { return nil }
        var labels: [String] = []
        for label in rule.split(separator: ".", omittingEmptySubsequences: false) {
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
