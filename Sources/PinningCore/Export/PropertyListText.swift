import Foundation

/// XML property-list text for a dictionary, through Foundation's PropertyListSerialization.
enum PropertyListText {
    static func xml(_ dictionary: [String: Any]) -> String {
        // Dictionaries of strings, booleans and arrays always serialize.
        let data = try! PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
        return String(decoding: data, as: UTF8.self)
    }
}
