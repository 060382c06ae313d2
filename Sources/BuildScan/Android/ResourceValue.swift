/// A typed attribute value (`Res_value`): the types a pinning configuration and a manifest use.
public enum ResourceValue: Sendable, Equatable {
    case string(String)
    case reference(UInt32)
    case boolean(Bool)
    case integer(Int32)
    /// Any other type (floats, dimensions, colours), kept by its type code.
    case other(type: UInt8, data: UInt32)

    /// The value as the XML source would have written it, for text and key paths.
    public var text: String {
        switch self {
        case .string(let text): text
        case .reference(let id): "@0x" + String(id, radix: 16)
        case .boolean(let value): value ? "true" : "false"
        case .integer(let value): String(value)
        case .other(let type, let data): "(type 0x\(String(type, radix: 16)))0x\(String(data, radix: 16))"
        }
    }

    /// `true`/`false` from a typed boolean or a raw string, as Android's XML parser reads booleans.
    public var boolean: Bool? {
        switch self {
        case .boolean(let value): value
        case .string(let text): text == "true" ? true : text == "false" ? false : nil
        case .integer(let value): value != 0
        default: nil
        }
    }

    static func decode(type: UInt8, data: UInt32, raw: String?, pool: StringPool) throws(ScanError) -> ResourceValue {
        switch type {
        case 0x01: return .reference(data)
        case 0x03: return .string(try pool.string(data) ?? raw ?? "")
        case 0x10, 0x11: return .integer(Int32(bitPattern: data))
        case 0x12: return .boolean(data != 0)
        default:
            if let raw { return .string(raw) }
            return .other(type: type, data: data)
        }
    }
}
