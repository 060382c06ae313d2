import Foundation

/// The host rule, step by step. The order matters for the advice: a pasted URL, `host:port` or wildcard is named
/// as such before the characters that make it one are.
enum HostNameParser {
    static func parse(_ input: String) throws(HostNameError) -> (text: String, kind: HostName.Kind) {
        if isPlainName(input.utf8) { return (input, .domainName) }
        func refuse(_ rule: HostNameError.Rule) -> HostNameError { HostNameError(input, rule) }

        guard !input.isEmpty else { throw refuse(.empty) }
        if input.firstRange(of: "://") != nil {
            throw refuse(.url(host: URLComponents(string: input)?.host.map { $0.lowercased() }))
        }
        if input.hasPrefix("[") { return try bracketed(input) }
        let colons = input.count { $0 == ":" }
        if colons >= 2, let address = IPAddressText.ipv6(input) { return (address, .ipv6) }
        if input.hasPrefix("*.") {
            let rest = String(input.dropFirst(2))
            throw refuse(.wildcard(parent: (try? parse(rest).text) ?? rest))
        }
        if let slash = input.firstIndex(of: "/"), slash != input.startIndex {
            throw refuse(.hasPath(host: String(input[..<slash]).lowercased()))
        }
        if colons == 1, let colon = input.firstIndex(of: ":"), colon != input.startIndex {
            let port = input[input.index(after: colon)...]
            if !port.isEmpty, port.allSatisfy(\.isASCIIDigit) {
                throw refuse(.hasPort(host: String(input[..<colon]).lowercased(), port: String(port)))
            }
        }
        try checkCharacters(input)

        var name = input.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        let octets = name.utf8.count
        guard octets <= HostName.maximumLength else { throw refuse(.tooLong(octets: octets)) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            if let problem = labelShapeProblem(label) { throw refuse(problem) }
        }
        if let last = labels.last, last.allSatisfy(\.isASCIIDigit) || isHexNumber(last.utf8) {
            guard let address = IPAddressText.ipv4(name) else { throw refuse(.notAnIPv4Address) }
            return (address, .ipv4)
        }
        return (name, .domainName)
    }

    /// The label rule of RFC 1034 3.5 as RFC 1123 2.1 relaxed it (a label may start with a digit): 1 to 63 letters,
    /// digits and hyphens, neither first nor last a hyphen. Other rules (strict profile DNS names) call this one.
    static func isPreferredLabel(_ label: Substring) -> Bool {
        labelShapeProblem(label) == nil && label.utf8.allSatisfy(isLetterDigitOrHyphen)
    }

    /// What breaks the label rule's length and hyphens, or nil; the characters are checked on their own, before
    /// (``checkCharacters(_:)``), so that a forbidden one is named with its position.
    private static func labelShapeProblem(_ label: Substring) -> HostNameError.Rule? {
        guard !label.isEmpty else { return .emptyLabel }
        guard label.utf8.count <= HostName.maximumLabelLength else {
            return .labelTooLong(String(label), octets: label.utf8.count)
        }
        guard label.first != "-", label.last != "-" else { return .hyphenAtLabelEdge(String(label)) }
        return nil
    }

    /// An ASCII letter, digit or hyphen: the characters a label may hold.
    private static func isLetterDigitOrHyphen(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
    }

    /// True for a name already in normal form: lower-case LDH labels of 1-63 octets without a hyphen at either
    /// end, at most 253 octets, no trailing dot, a last label that is not all digits. Checked in one pass over the
    /// bytes, without allocating: most hosts a manifest holds are like this, and the full rule costs more.
    private static func isPlainName(_ bytes: String.UTF8View) -> Bool {
        guard !bytes.isEmpty, bytes.count <= HostName.maximumLength else { return false }
        var labelLength = 0
        var labelIsDigits = true
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                labelIsDigits = false
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            case UInt8(ascii: "-"):
                guard labelLength > 0 else { return false }
                labelIsDigits = false
            case UInt8(ascii: "."):
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return false }
                labelLength = 0
                labelIsDigits = true
                previous = byte
                continue
            default:
                return false
            }
            labelLength += 1
            guard labelLength <= HostName.maximumLabelLength else { return false }
            previous = byte
        }
        return labelLength > 0 && previous != UInt8(ascii: "-") && !labelIsDigits && !endsInHexNumber(bytes)
    }

    /// True when the last label is `0x` and hex digits: browsers (the WHATWG URL parser) and curl read a name
    /// ending so as an IPv4 address (`1.2.3.0x4` is 1.2.3.4, `0x7f000001` is 127.0.0.1), so it is no name.
    private static func endsInHexNumber(_ bytes: String.UTF8View) -> Bool {
        let start = bytes.lastIndex(of: UInt8(ascii: ".")).map { bytes.index(after: $0) } ?? bytes.startIndex
        return isHexNumber(bytes[start...])
    }

    private static func isHexNumber<Bytes: Collection<UInt8>>(_ label: Bytes) -> Bool {
        guard label.starts(with: [UInt8(ascii: "0"), UInt8(ascii: "x")]) else { return false }
        return label.dropFirst(2).allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
    }

    /// `[IPv6]` alone; `[IPv6]:port` is a host with a port.
    private static func bracketed(_ input: String) throws(HostNameError) -> (text: String, kind: HostName.Kind) {
        if let close = input.firstIndex(of: "]"),
            let address = IPAddressText.ipv6(input[input.index(after: input.startIndex)..<close])
        {
            let rest = input[input.index(after: close)...]
            if rest.isEmpty { return (address, .ipv6) }
            if rest.hasPrefix(":") {
                throw HostNameError(input, .hasPort(host: address, port: String(rest.dropFirst())))
            }
            if rest.hasPrefix("/") { throw HostNameError(input, .hasPath(host: address)) }
        }
        throw HostNameError(input, .forbiddenCharacter("[", position: 1))
    }

    /// Letters, digits, hyphens and dots only. A non-ASCII letter is a U-label, with its own advice; any other
    /// character is named with its position.
    private static func checkCharacters(_ input: String) throws(HostNameError) {
        for (offset, character) in input.enumerated() {
            if let byte = character.asciiValue {
                if byte == UInt8(ascii: ".") || isLetterDigitOrHyphen(byte) { continue }
            } else if let scalar = character.unicodeScalars.first, !scalar.properties.isWhitespace,
                !TerminalSafeText.isUnsafe(scalar), !character.isPunctuation, !character.isSymbol
            {
                let label = input.split(separator: ".").first { $0.contains(character) }.map(String.init) ?? input
                throw HostNameError(input, .nonASCIILabel(label, suggestion: Punycode.asciiName(input)))
            }
            throw HostNameError(input, .forbiddenCharacter(String(character), position: offset + 1))
        }
    }
}

/// The canonical spelling of IP address literals.
package enum IPAddressText {
    /// Four decimal numbers 0-255 without leading zeros, the only IPv4 form every client reads the same way.
    static func ipv4(_ text: String) -> String? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy(\.isASCIIDigit), part == "0" || part.first != "0",
                let value = Int(part), value <= 255
            else { return nil }
        }
        return text
    }

    /// The address in its compressed form (RFC 5952), or nil when the text is not an IPv6 address.
    static func ipv6<Text: StringProtocol>(_ text: Text) -> String? {
        var address = in6_addr()
        guard !text.contains("%"), inet_pton(AF_INET6, String(text), &address) == 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address bytes (4 or 16) of an IPv4 or IPv6 literal as `inet_pton` reads it; nil for anything else.
    package static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// The text of 4 or 16 address bytes: dotted decimal, or IPv6 in its RFC 5952 form (lowercase, zeros
    /// compressed); nil for any other length.
    package static func text(_ bytes: [UInt8]) -> String? {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return nil
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
