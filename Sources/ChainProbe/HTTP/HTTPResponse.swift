/// An HTTP/1.x response read whole: the status, the header fields a client acts on, and the body after
/// `Content-Length` or chunked framing and `Content-Encoding: gzip` are undone, all within the caller's bound.
struct HTTPResponse {
    let status: Int
    let statusLine: String
    let body: [UInt8]

    static func parse(_ response: [UInt8], maximumBody: Int) -> Result<HTTPResponse, HTTPFetchFailure> {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard response.count >= 4,
            let end = (0...(response.count - 4)).first(where: { response[$0..<($0 + 4)].elementsEqual(separator) })
        else { return .failure(.malformed("the server did not send an HTTP response")) }
        let head = String(decoding: response[..<end], as: UTF8.self).split(separator: "\r\n")
        let statusLine = String((head.first ?? "").prefix(80))
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let status = Int(parts[1]) else {
            return .failure(.malformed("the server did not send an HTTP response: \(statusLine)"))
        }
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            let field = line.split(separator: ":", maxSplits: 1)
            guard field.count == 2 else { continue }
            fields[field[0].lowercased()] = field[1].trimmingCharacters(in: .whitespaces).lowercased()
        }
        var body = Array(response[(end + 4)...])
        if fields["transfer-encoding"] == "chunked" {
            switch dechunk(body) {
            case .success(let joined): body = joined
            case .failure(let failure): return .failure(failure)
            }
        } else if let announced = fields["content-length"].flatMap(Int.init), announced != body.count {
            return .failure(.malformed("the server sent \(body.count) of the \(announced) bytes it announced"))
        }
        switch fields["content-encoding"] {
        case nil, "identity": break
        case "gzip":
            switch GzipInflater.inflate(body, maximumBytes: maximumBody) {
            case .success(let inflated): body = inflated
            case .failure(let failure): return .failure(failure)
            }
        case let other?: return .failure(.malformed("the body is encoded as \(other)"))
        }
        guard body.count <= maximumBody else {
            return .failure(.tooLarge("the body is more than \(maximumBody) bytes"))
        }
        return .success(HTTPResponse(status: status, statusLine: statusLine, body: body))
    }

    /// `Transfer-Encoding: chunked`: hexadecimal sizes, each chunk, a zero-size chunk at the end.
    private static func dechunk(_ bytes: [UInt8]) -> Result<[UInt8], HTTPFetchFailure> {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard
                let lineEnd = (index..<max(index, bytes.count - 1)).first(where: {
                    bytes[$0] == 13 && bytes[$0 + 1] == 10
                })
            else { return .failure(.malformed("a chunk size line does not end")) }
            let sizeText = String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? ""
            guard let size = Int(sizeText.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0 else {
                return .failure(.malformed("a chunk size line does not read"))
            }
            index = lineEnd + 2
            if size == 0 { return .success(body) }
            guard size <= bytes.count - index else { return .failure(.malformed("a chunk ends early")) }
            body += bytes[index..<(index + size)]
            index += size + 2
        }
    }
}
