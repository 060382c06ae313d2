import Foundation

extension OpenSSLCLI {
    /// The certificates a TLS server sends, leaf first, as PEM blocks: what
    /// `openssl s_client -connect ADDRESS -servername NAME -showcerts </dev/null` prints, split per certificate.
    ///
    /// An independent view of a live server's chain, to check what pinbench fetched or pinned against.
    public static func servedChain(connect address: String, serverName: String) throws -> [String] {
        let output = try run(
            ["s_client", "-connect", address, "-servername", serverName, "-showcerts"], input: Data())
        return pemCertificates(in: String(decoding: output, as: UTF8.self))
    }

    /// The `BEGIN CERTIFICATE` ... `END CERTIFICATE` blocks of `text`, in order, each ending with a newline.
    public static func pemCertificates(in text: String) -> [String] {
        let begin = "-----BEGIN CERTIFICATE-----"
        let end = "-----END CERTIFICATE-----"
        var blocks: [String] = []
        var rest = text[...]
        while let start = rest.range(of: begin), let stop = rest.range(of: end, range: start.upperBound..<rest.endIndex)
        {
            blocks.append(String(rest[start.lowerBound..<stop.upperBound]) + "\n")
            rest = rest[stop.upperBound...]
        }
        return blocks
    }
}
