import Foundation
import TransparencyLog

extension LabLog {
    /// RFC 6962 §4: get-sth, get-sth-consistency, get-entries, get-proof-by-hash.
    func rfc6962(_ path: String, head: TreeHead) -> LabLogResponse {
        let (endpoint, query) = Self.split(path)
        var tree = treeForServing
        defer { treeForServing = tree }
        switch endpoint {
        case "ct/v1/get-sth":
            return .json([
                "tree_size": head.size, "timestamp": head.timestampMilliseconds, "sha256_root_hash": head.root.base64,
                "tree_head_signature": Data(signature(head)).base64EncodedString(),
            ])
        case "ct/v1/get-sth-consistency":
            guard let first = query["first"].flatMap(UInt64.init), let second = query["second"].flatMap(UInt64.init),
                first <= second, second <= head.size
            else { return LabLogResponse(status: 400, body: Array("bad sizes\n".utf8), contentType: "text/plain") }
            let proof = first == 0 ? [] : tree.consistency(first, size: second)
            return .json(["consistency": proof.map(\.base64)])
        case "ct/v1/get-entries":
            // A head that claims more entries than are logged (a lying log) serves only those logged.
            let logged = UInt64(recordsForServing.count)
            guard let start = query["start"].flatMap(UInt64.init), let end = query["end"].flatMap(UInt64.init),
                start <= end, start < head.size, start < logged
            else { return LabLogResponse(status: 400, body: Array("bad range\n".utf8), contentType: "text/plain") }
            let last = min(end, head.size - 1, logged - 1, start + entriesPerRequest - 1)
            let entries = (start...last).map { index -> [String: String] in
                let record = served(index)
                return [
                    "leaf_input": Data(record.leafInput).base64EncodedString(),
                    "extra_data": Data(record.extraData).base64EncodedString(),
                ]
            }
            return .json(["entries": entries])
        case "ct/v1/get-proof-by-hash":
            guard let hashText = query["hash"], let hash = TreeHash(base64: hashText),
                let size = query["tree_size"].flatMap(UInt64.init), size <= head.size,
                let index = tree.leaves.prefix(Int(size)).firstIndex(of: hash)
            else { return .notFound("no such leaf") }
            return .json(["leaf_index": index, "audit_path": tree.path(UInt64(index), size: size).map(\.base64)])
        default:
            return .notFound("no such endpoint")
        }
    }

    /// static-ct-api: the checkpoint, and hash and data tiles for the served tree size.
    func checkpoint(_ head: TreeHead) -> LabLogResponse {
        let signature =
            LabLogEncoding.integer(UInt64(Checkpoint.keyID(name: origin, logID: logID)), 4)
            + LabLogEncoding.integer(head.timestampMilliseconds, 8) + self.signature(head)
        let text =
            "\(origin)\n\(head.size)\n\(head.root.base64)\n\n\u{2014} \(origin) "
            + Data(signature).base64EncodedString() + "\n"
        return LabLogResponse(status: 200, body: Array(text.utf8), contentType: "text/plain; charset=utf-8")
    }

    func tile(_ path: String, head: TreeHead) -> LabLogResponse {
        guard let address = Self.tileAddress(path) else { return .notFound("not a tile path") }
        let expected: TileAddress
        switch address.kind {
        case .data: expected = .data(index: address.index, treeSize: head.size)
        case .hashes(let level): expected = .hashes(level: level, index: address.index, treeSize: head.size)
        }
        // A tile exists once the tree reaches it: at the width the served size calls for, or narrower (the partial
        // tile an earlier size left).
        guard expected.width > 0, address.width <= expected.width else { return .notFound("no such tile") }
        // Only tiles over entries logged (a head may claim more), computed without overflow.
        let level: Int
        switch address.kind {
        case .data: level = 0
        case .hashes(let hashLevel): level = hashLevel
        }
        let (first, over) = address.index.multipliedReportingOverflow(by: UInt64(TileAddress.fullWidth))
        let (last, beyond) = first.addingReportingOverflow(UInt64(address.width))
        let (end, past) = last.multipliedReportingOverflow(by: UInt64(1) << UInt64(8 * level))
        guard !over, !beyond, !past, end <= UInt64(recordsForServing.count) else { return .notFound("no such tile") }
        switch address.kind {
        case .data:
            let body = (0..<UInt64(address.width)).flatMap { served(first + $0).tileLeaf }
            return LabLogResponse(status: 200, body: body, contentType: "application/octet-stream")
        case .hashes(let level):
            var tree = treeForServing
            defer { treeForServing = tree }
            let hashes = tree.tile(level: level, index: address.index, width: address.width)
            return LabLogResponse(
                status: 200, body: hashes.flatMap(\.bytes), contentType: "application/octet-stream")
        }
    }

    /// Entry `index` as served: as stored, unless the log was told to serve it otherwise.
    private func served(_ index: UInt64) -> Record {
        var record = recordsForServing[Int(index)]
        if currentFault == .mismatchedEntry(index) {
            // Another certificate's timestamp: still a well-formed entry, but not the one the tree holds.
            record.leafInput[2] ^= 0x01
            record.tileLeaf[0] ^= 0x01
        }
        return record
    }

    static func split(_ path: String) -> (String, [String: String]) {
        guard let mark = path.firstIndex(of: "?") else { return (path, [:]) }
        var query: [String: String] = [:]
        for pair in path[path.index(after: mark)...].split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            query[String(parts[0])] = String(parts[1]).removingPercentEncoding
        }
        return (String(path[..<mark]), query)
    }

    /// `tile/<L>/<N>[.p/<W>]` or `tile/data/<N>[.p/<W>]` read back into an address.
    static func tileAddress(_ path: String) -> TileAddress? {
        var parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 3, parts[0] == "tile" else { return nil }
        let kind: TileAddress.Kind
        if parts[1] == "data" {
            kind = .data
        } else if let level = Int(parts[1]), (0...5).contains(level) {
            kind = .hashes(level: level)
        } else {
            return nil
        }
        var width = TileAddress.fullWidth
        if parts.count >= 4, parts[parts.count - 2].hasSuffix(".p"), let partial = Int(parts[parts.count - 1]) {
            width = partial
            parts.removeLast()
            parts[parts.count - 1].removeLast(2)
        }
        var index: UInt64 = 0
        for (offset, group) in parts.dropFirst(2).enumerated() {
            let last = offset == parts.count - 3
            let digits = last ? group : String(group.dropFirst())
            guard last || group.hasPrefix("x"), digits.count == 3, let value = UInt64(digits) else { return nil }
            index = index * 1000 + value
        }
        let address = TileAddress(kind: kind, index: index, width: width)
        return address.path == path ? address : nil
    }
}
