import COpenSSL

/// Conversions between the lab's DER/PEM values and OpenSSL objects. Every returned pointer is owned by the caller.
enum OpenSSLObjects {
    static func certificate(der: [UInt8]) throws -> OpaquePointer {
        let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_X509(nil, &cursor, buffer.count)
        }
        guard let parsed else { throw DemoLabError("OpenSSL cannot parse a lab certificate: \(drainErrors())") }
        return parsed
    }

    static func privateKey(pem: String) throws -> OpaquePointer {
        let bytes = Array(pem.utf8)
        let key = bytes.withUnsafeBytes { raw -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, nil, nil)
        }
        guard let key else { throw DemoLabError("OpenSSL cannot read a lab private key: \(drainErrors())") }
        return key
    }

    static func der(_ certificate: OpaquePointer) throws -> [UInt8] {
        let length = i2d_X509(certificate, nil)
        guard length > 0 else { throw DemoLabError("OpenSSL cannot encode a certificate: \(drainErrors())") }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        _ = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return i2d_X509(certificate, &cursor)
        }
        return bytes
    }

    /// Empties this thread's OpenSSL error queue into one line.
    static func drainErrors() -> String {
        var texts: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            texts.append(ERR_reason_error_string(code).map { String(cString: $0) } ?? "error \(code)")
        }
        return texts.isEmpty ? "no detail" : texts.joined(separator: "; ")
    }
}
