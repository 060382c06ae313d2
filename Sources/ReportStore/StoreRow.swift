/// A value bound into a query or read from a row, the same for both backends (SQLite and PostgreSQL), so that what
/// the store decides is written once.
public enum StoreValue: Hashable, Sendable {
    case integer(Int64)
    case text(String)
    case null

    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    public var string: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    init(_ text: String?) { self = text.map { .text($0) } ?? .null }
    init(_ number: Int?) { self = number.map { .integer(Int64($0)) } ?? .null }
}

/// One row a query returned: its columns by name, in order.
public struct StoreRow: Hashable, Sendable {
    public let names: [String]
    public let values: [StoreValue]

    /// The value of the first column called `name`, or nil when there is none.
    public func column(_ name: String) -> StoreValue? {
        names.firstIndex(of: name).map { values[$0] }
    }
}
