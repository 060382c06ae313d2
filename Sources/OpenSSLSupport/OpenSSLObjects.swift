import COpenSSL

/// Conversions between DER/PEM values and OpenSSL objects, for the probe and the demo lab alike. Every returned
/// pointer is owned by the caller; a failure carries what OpenSSL's error queue said.
public enum OpenSSLObjects {
    /// An X509 parsed from DER (`d2i_X509`); free it with `X509_free`.
    public static func certificate(der: [UInt8]) throws(OpenSSLFailure) -> OpaquePointer {
        let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let parsed else { throw OpenSSLFailure(.parseCertificate) }
        return parsed
    }

    /// A private key read from PEM text; free it with `EVP_PKEY_free`.
    public static func privateKey(pem: String) throws(OpenSSLFailure) -> OpaquePointer {
        let bytes = Array(pem.utf8)
        let key = bytes.withUnsafeBytes { raw -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else { throw OpenSSLFailure(.readPrivateKey) }
        return key
    }

    /// The DER encoding of an X509 (`i2d_X509` twice: once for the length, once to write).
    public static func der(_ certificate: OpaquePointer) throws(OpenSSLFailure) -> [UInt8] {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { throw OpenSSLFailure(.encodeCertificate) }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        guard written == length else { throw OpenSSLFailure(.encodeCertificate) }
        return bytes
    }

    /// The DER of every certificate in a STACK_OF(X509), in order.
    public static func ders(_ stack: OpaquePointer) throws(OpenSSLFailure) -> [[UInt8]] {
        var chain: [[UInt8]] = []
        for index in 0..<pb_sk_X509_num(stack) {
            guard let certificate = pb_sk_X509_value(stack, index) else { throw OpenSSLFailure(.encodeCertificate) }
            chain.append(try der(certificate))
        }
        return chain
    }
}

/// An OpenSSL object conversion that failed: which one, and what OpenSSL's error queue said (drained when made).
public struct OpenSSLFailure: Error, Sendable, CustomStringConvertible {
    public enum Operation: Sendable {
        case parseCertificate
        case readPrivateKey
        case encodeCertificate
    }

    public let operation: Operation
    public let errors: OpenSSLErrors

    public init(_ operation: Operation) {
        self.operation = operation
        errors = OpenSSLErrors.drain()
    }

    public var description: String {
        switch operation {
        case .parseCertificate: return "OpenSSL cannot parse a certificate: \(errors.text)"
        case .readPrivateKey: return "OpenSSL cannot read a private key: \(errors.text)"
        case .encodeCertificate: return "OpenSSL cannot encode a certificate: \(errors.text)"
        }
    }
}
