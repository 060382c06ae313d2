import Crypto
import Foundation
import PinningCore
import TestSupport
import Testing
import TransparencyLog

/// Signed tree heads (RFC 6962 `get-sth`) and checkpoints (static-ct-api): verified with the log's key, signatures
/// cross-checked with the openssl command line both ways.
@Suite("Tree heads and checkpoints")
struct TreeHeadTests {
    let signer = LogSigner()
    let head = TreeHead(
        size: 1_234_567, root: MerkleReference.root(MerkleReference.leaves(5)[...]),
        timestampMilliseconds: 1_795_000_000_123)

    @Test("a get-sth response signed by the log verifies; another key, another size or another root does not")
    func signedTreeHead() throws {
        let sth = try SignedTreeHead(json: try signer.sthJSON(head))
        #expect(try sth.verified(key: signer.spki) == head)
        #expect(throws: TreeHeadError.badSignature) { try sth.verified(key: LogSigner().spki) }
        let resized = TreeHead(size: head.size + 1, root: head.root, timestampMilliseconds: head.timestampMilliseconds)
        let lying = try SignedTreeHead(
            json: try signer.sthJSON(resized, signature: try signer.signed(head.signedBytes)))
        #expect(throws: TreeHeadError.badSignature) { try lying.verified(key: signer.spki) }
        #expect(throws: TreeHeadError.self) { try SignedTreeHead(json: Data(#"{"tree_size": 1}"#.utf8)) }
    }

    @Test("openssl's signature over the tree head verifies here, and ours verifies in openssl")
    func openSSLCrossCheck() throws {
        let folder = TemporaryFolder()
        let data = folder.write("head.bin", Data(head.signedBytes))
        // openssl signs with an EC key and an RSA key it generated; PinBench checks both.
        for (algorithm, tlsSignature) in [
            (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], UInt8(3)),
            (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"], 1),
        ] {
            let keyPath = folder.path("key-\(tlsSignature).pem")
            try OpenSSLCLI.run(["genpkey"] + algorithm + ["-out", keyPath])
            let spki = Array(try OpenSSLCLI.run(["pkey", "-in", keyPath, "-pubout", "-outform", "DER"]))
            let signature = Array(try OpenSSLCLI.run(["dgst", "-sha256", "-sign", keyPath, data]))
            let signed = DigitallySigned(hashAlgorithm: 4, signatureAlgorithm: tlsSignature, signature: signature)
            #expect(throws: Never.self) { try head.verify(signed, key: spki) }
            let other = TreeHead(size: 1, root: head.root, timestampMilliseconds: head.timestampMilliseconds)
            #expect(throws: TreeHeadError.badSignature) { try other.verify(signed, key: spki) }
        }
        let ours = try signer.signed(head.signedBytes)
        let publicKey = folder.write("log.pem", signer.key.publicKey.pemRepresentation)
        let signatureFile = folder.write("ours.sig", Data(ours.dropFirst(4)))
        let verdict = try OpenSSLCLI.run(
            ["dgst", "-sha256", "-verify", publicKey, "-signature", signatureFile, data])
        #expect(String(decoding: verdict, as: UTF8.self).contains("Verified OK"))
    }

    @Test("a checkpoint signed under the log's origin verifies; witness lines are ignored, a foreign origin is not")
    func checkpoint() throws {
        let origin = "ct.pinbench.test/2026"
        let witness = "\u{2014} witness.example AAAAAAAAAAAAAAAAAAAAAAAA"
        let text = try signer.checkpoint(head, origin: origin, extraLines: [witness])
        let checkpoint = try Checkpoint(text: Data(text.utf8))
        #expect(checkpoint.origin == origin && checkpoint.signatures.count == 2)
        #expect(try checkpoint.verified(logID: signer.logID, key: signer.spki) == head)

        let other = LogSigner()
        #expect(throws: TreeHeadError.unsigned(origin: origin)) {
            try checkpoint.verified(logID: other.logID, key: other.spki)
        }
        // Another log's checkpoint renamed to this origin: its key ID is not this log's.
        let renamed = try other.checkpoint(head, origin: "elsewhere.example")
            .replacingOccurrences(of: "elsewhere.example", with: origin)
        #expect(throws: TreeHeadError.self) {
            try Checkpoint(text: Data(renamed.utf8)).verified(logID: signer.logID, key: signer.spki)
        }
        // A changed size under the same signature.
        let resized = text.replacingOccurrences(of: "\n\(head.size)\n", with: "\n\(head.size + 1)\n")
        #expect(throws: TreeHeadError.badSignature) {
            try Checkpoint(text: Data(resized.utf8)).verified(logID: signer.logID, key: signer.spki)
        }
    }

    @Test(
        "malformed checkpoints are refused with the reason",
        arguments: [
            "origin\n12\n", "origin\n012\nAAAA\n\n\u{2014} origin AAAAAAAA\n",
            "origin\n1\nAAAA\n\n\u{2014} origin AAAAAAAA\n",
            "origin\n1\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\nextension\n\n\u{2014} origin AAAAAAAA\n",
            "origin\n1\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n\n- origin AAAAAAAA\n",
            "origin\n1\n47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\n\n\u{2014} origin AAAAAAAA",
        ])
    func malformed(_ text: String) {
        #expect(throws: TreeHeadError.self) { try Checkpoint(text: Data(text.utf8)) }
    }

    @Test("a checkpoint larger than the bound is refused before it is read")
    func oversized() {
        let huge = Data(repeating: 0x41, count: Checkpoint.maximumBytes + 1)
        #expect(throws: TreeHeadError.self) { try Checkpoint(text: huge) }
    }
}
