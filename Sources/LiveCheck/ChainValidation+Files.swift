import Foundation
import PinningCore

extension ChainValidation {
    /// The bytes of a DER OCSP response file (`--ocsp-response`): bounded and regular files only (a FIFO would block,
    /// /dev/zero fill memory). The judge refuses what is over its own limit in words; past this one it is bad input.
    public static func ocspResponse(at path: String) throws(ChainValidationInputError) -> [UInt8] {
        do {
            return Array(try BoundedFileReader.read(URL(fileURLWithPath: path), limit: 16 << 20, what: "OCSP response"))
        } catch {
            throw ChainValidationInputError("cannot read the OCSP response \(path): \(error.reason)")
        }
    }
}

/// A file `validate` was given that cannot be read: bad input, in words.
public struct ChainValidationInputError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
