import COpenSSL

/// DER conversions for OpenSSL's X509 objects.
enum X509Handle {
    /// The DER encoding of an X509 (i2d_X509 twice: once for the length, once to write).
    static func der(_ certificate: OpaquePointer) -> [UInt8]? {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        return written == length ? bytes : nil
    }

    /// The DER of every certificate in a STACK_OF(X509), in order.
    static func ders(_ stack: OpaquePointer) -> [[UInt8]]? {
        var chain: [[UInt8]] = []
        for index in 0..<pb_sk_X509_num(stack) {
            guard let certificate = pb_sk_X509_value(stack, index), let der = der(certificate) else { return nil }
            chain.append(der)
        }
        return chain
    }
}
