/// The pins of the domain read last, by their array's node in the tape: a manifest's domains mostly carry the same
/// pins, and a pins array that the reader found repeating the bytes of that one (``JSONTape/original(of:)``) is the
/// same value, built once and shared. Shared arrays also compare equal at once, which the forecast relies on.
struct PinListMemo {
    private var last: (node: Int, pins: [Pin])?

    /// The domain's pins (empty when absent or null), as ``Pin``'s reader makes them.
    mutating func pins(_ fields: StrictFields<DomainPolicy.CodingKeys>) throws(SchemaFailure) -> [Pin] {
        guard let node = fields.valueNode(.pins) else { return [] }
        if let last, fields.tape.original(of: node) == last.node {
            self.last = (node, last.pins)
            return last.pins
        }
        var pins: [Pin] = []
        if let list = try fields.arrayIfPresent(.pins) {
            pins.reserveCapacity(list.remaining)
            for element in list {
                pins.append(try Pin(StrictFields(fields.tape, element, Pin.CodingKeys.self)))
            }
        }
        last = (node, pins)
        return pins
    }
}
