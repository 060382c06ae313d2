import Foundation

/// Reads an XML property list (`<plist><dict>...`) from the bounded element tree of ``XMLElementNode``: UTF-8 only,
/// Xcode's `<!DOCTYPE plist ...>` allowed and never parsed, dictionaries in the file's order.
enum XMLPropertyListReader {
    static func read(_ data: Data, path: String) throws(ImportError) -> PropertyListValue {
        let root = try XMLElementNode.parse(data, path: path, documentType: .propertyList)
        var budget = PropertyListBudget(path: path)
        guard root.name == "plist" else { return try value(root, path: path, budget: &budget) }
        guard root.children.count == 1 else {
            throw malformed(path, root, "holds \(root.children.count) values; a property list holds one")
        }
        return try value(root.children[0], path: path, budget: &budget)
    }

    private static func value(
        _ element: XMLElementNode, path: String, budget: inout PropertyListBudget
    ) throws(ImportError) -> PropertyListValue {
        switch element.name {
        case "string":
            try budget.visit(decodedBytes: element.text.utf8.count)
            return .string(element.text)
        case "true", "false":
            try budget.visit()
            return .bool(element.name == "true")
        case "integer", "real", "date", "data":
            try budget.visit(decodedBytes: element.text.utf8.count)
            return .other(element.name)
        case "array":
            try budget.visit()
            var items: [PropertyListValue] = []
            for child in element.children { items.append(try value(child, path: path, budget: &budget)) }
            return .array(items)
        case "dict":
            try budget.visit()
            guard element.children.count % 2 == 0 else {
                throw malformed(path, element, "holds a key without a value")
            }
            var entries: [(key: String, value: PropertyListValue)] = []
            for index in stride(from: 0, to: element.children.count, by: 2) {
                let key = element.children[index]
                guard key.name == "key" else { throw malformed(path, key, "stands where a <key> belongs") }
                try budget.visit(decodedBytes: key.text.utf8.count)
                entries.append((key.text, try value(element.children[index + 1], path: path, budget: &budget)))
            }
            return .dictionary(PropertyListDictionary(entries))
        default:
            throw malformed(path, element, "is not a property-list element")
        }
    }

    private static func malformed(_ path: String, _ element: XMLElementNode, _ what: String) -> ImportError {
        ImportError(
            .notAPropertyList, path: path,
            reason: "is not a property list: \(ImportText.shown(element.shown)) \(what); give the Info.plist or the "
                + "plist that holds the configuration")
    }
}
