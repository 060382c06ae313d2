import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An XML document read into a small tree of elements with Foundation's `XMLParser`, bounded in depth and size.
///
/// A document type declaration is refused before parsing (an Android config never has one, and refusing it means
/// no entity, internal or external, is ever expanded); external entities are also switched off in the parser.
struct XMLElementNode: Sendable {
    var name: String
    var attributes: [String: String]
    var text: String
    var children: [XMLElementNode]
    /// 1-based line of the start tag, for notes.
    var line: Int

    /// The maximum number of elements a document may hold: far past any configuration, small enough to hold in memory.
    static let maximumElements = 100_000

    static func parse(_ data: Data, path: String) throws(ImportError) -> XMLElementNode {
        guard let text = String(validating: data, as: UTF8.self), !text.contains("\0") else {
            throw ImportError(.notXML, path: path, reason: "is not UTF-8 text; save it as UTF-8 XML")
        }
        if text.range(of: "<!DOCTYPE", options: .caseInsensitive) != nil
            || text.range(of: "<!ENTITY", options: .caseInsensitive) != nil
        {
            throw ImportError(
                .documentTypeRefused, path: path,
                reason: "holds a document type declaration (<!DOCTYPE or <!ENTITY), which a network security config "
                    + "never needs; entities are not expanded, so the file is refused. Remove the declaration.")
        }
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
