import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read into a small tree of elements with Foundation's `XMLParser`, bounded in depth and size.
///
/// The text must be UTF-8 (``XMLEncodingGuard``), so the checks below see what the parser reads. A document type
/// declaration is refused before parsing (an Android config never has one, and refusing it means no entity, internal
/// or external, is ever expanded); external entities are also switched off in the parser.
struct XMLElementNode: Sendable {
    var name: String
    var attributes: [String: String]
    var text: String
    var children: [XMLElementNode]
    /// 1-based line of the start tag, for notes.
    var line: Int

    /// The maximum number of elements a document may hold: far past any configuration, small enough to hold in memory.
    static let maximumElements = 100_000

    /// Which document type declaration a document may hold.
    enum DocumentType {
        /// None (a network security config never has one).
        case refused
        /// Only `<!DOCTYPE plist ...>` with no internal subset, as Xcode writes it. It is blanked out before parsing,
        /// so the parser never sees a declaration (and never loads the DTD it names).
        case propertyList
    }

    static func parse(
        _ data: Data, path: String, documentType: DocumentType = .refused
    ) throws(ImportError) -> XMLElementNode {
        var text = try XMLEncodingGuard.utf8Text(data, path: path)
        let refusal = ImportError(
            .documentTypeRefused, path: path,
            reason: "holds a document type declaration (<!DOCTYPE or <!ENTITY), which "
                + (documentType == .refused
                    ? "a network security config never needs"
                    : "a property list needs only as Xcode writes it (<!DOCTYPE plist PUBLIC ...>, no [...] subset)")
                + "; entities are not expanded, so the file is refused. Remove the declaration.")
        if text.range(of: "<!ENTITY", options: .caseInsensitive) != nil { throw refusal }
        if let start = text.range(of: "<!DOCTYPE", options: .caseInsensitive) {
            guard documentType == .propertyList, let end = text[start.upperBound...].firstIndex(of: ">") else {
                throw refusal
            }
            let declaration = text[start.lowerBound...end]
            let words = declaration.dropFirst("<!DOCTYPE".count).split(whereSeparator: \.isWhitespace)
            guard words.first == "plist", !declaration.contains("["),
                text[text.index(after: end)...].range(of: "<!DOCTYPE", options: .caseInsensitive) == nil
            else { throw refusal }
            // Spaces in place of the declaration keep every line and column where it was, for notes and errors.
            text.replaceSubrange(start.lowerBound...end, with: declaration.map { $0.isNewline ? $0 : " " })
        }
        let data = Data(text.utf8)
        let builder = TreeBuilder()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure {
            throw ImportError(failure.code, path: path, reason: failure.reason)
        }
        guard parsed, let root = builder.root else {
            throw ImportError(
                .notXML, path: path,
                reason: "is not well-formed XML (near line \(parser.lineNumber), column \(parser.columnNumber))")
        }
        return root
    }

    /// The trimmed text of the element.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// `<pin-set> at line 7`, for note locations.
    var shown: String { "<\(name)> at line \(line)" }
}

private final class TreeBuilder: NSObject, XMLParserDelegate {
    var stack: [XMLElementNode] = []
    var root: XMLElementNode?
    var count = 0
    var failure: (code: ImportError.Code, reason: String)?

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        count += 1
        if stack.count >= ImportLimits.maximumXMLDepth {
            fail(parser, .tooDeep, "nests elements deeper than \(ImportLimits.maximumXMLDepth) levels")
            return
        }
        if count > XMLElementNode.maximumElements {
            fail(parser, .tooMany, "holds more than \(XMLElementNode.maximumElements) elements")
            return
        }
        stack.append(
            XMLElementNode(name: elementName, attributes: attributes, text: "", children: [], line: parser.lineNumber))
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        guard let node = stack.popLast() else { return }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += string
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        guard !stack.isEmpty else { return }
        stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
    }

    private func fail(_ parser: XMLParser, _ code: ImportError.Code, _ reason: String) {
        if failure == nil { failure = (code, reason) }
        parser.abortParsing()
    }
}
