import Foundation
import ManifestEditing
import ManifestFiles
import PinExport
import PinningCore
import TestSupport
import Testing

/// Exploring a chain in `pinbench demo` as a user would: the Connection section found by search, a certificate and
/// the chain saved as PEM (compared with the openssl command line's view of the same live server), a pin copied
/// through OSC 52 into tmux's clipboard, and an export written from the workbench (compared with `pinbench export`).
@Suite("exploring a chain in a real terminal", .serialized)
struct ExploreWorkflowTests {
    let good = "good.pinbench.test"

    /// The demo in a 100x30 tmux terminal whose working folder is `folder`, with good selected and fetched.
    func demo(in folder: TemporaryFolder) async throws -> (TmuxSession, URL) {
        let manifestURL = folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(
            ["demo", "--manifest", manifestURL.path], width: 100, height: 30,
            launcher: ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder.url.path])
        try await tmux.waitFor(good)
        try tmux.send("/")
        try tmux.send("good.", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("Chain: \(good)")
        try await tmux.waitFor("0 leaf \(good)")
        return (tmux, manifestURL)
    }

    func quit(_ tmux: TmuxSession) async throws {
        #expect(try await tmux.quitWorkbench() == 0)
    }

    @Test("s saves the leaf and the chain as PEM, byte for byte what openssl prints; overwriting needs a yes")
    func savePEMMatchesOpenSSL() async throws {
        let folder = TemporaryFolder()
        let (tmux, manifestURL) = try await demo(in: folder)
        let connect = try #require(try ManifestStore.load(manifestURL).manifest.policy(for: good)?.connect)
        let served = try await OffPoolThread.run {
            try OpenSSLCLI.servedChain(connect: connect, serverName: good)
        }
        try #require(served.count >= 2, "openssl saw \(served.count) certificate(s)")
        let leafPEM = try await OffPoolThread.run {
            String(
                decoding: try OpenSSLCLI.run(["x509", "-outform", "PEM"], input: Data(served[0].utf8)), as: UTF8.self)
        }

        // The Connection section, reached by searching the Certificate pane.
        try tmux.send("3")
        try tmux.send("/")
        try tmux.send("Connection", literal: true)
        try tmux.send("Enter")
        let connection = try await tmux.waitFor("match 1 of")
        #expect(connection.contains("Protocol   TLSv1."), "\(connection)")
        #expect(connection.contains("Cipher     TLS_"), "\(connection)")
        #expect(connection.contains("ATS        "), "\(connection)")
        try tmux.send("Escape")

        // This certificate, under its default name in the working folder.
        try tmux.send("2")
        try tmux.send("s")
        try await tmux.waitFor("Save PEM")
        try tmux.send("Enter")
        try await tmux.waitFor("File: \(good)-level0.pem")
        try tmux.send("Enter")
        try await tmux.waitFor("saved 1 certificate as PEM to \(good)-level0.pem")
        #expect(folder.read("\(good)-level0.pem") == leafPEM)
        #expect(folder.read("\(good)-level0.pem") == served[0])

        // The whole chain as sent.
        try tmux.send("s")
        try await tmux.waitFor("Save PEM")
        try tmux.send("Down")
        try tmux.send("Enter")
        try await tmux.waitFor("File: \(good)-chain.pem")
        try tmux.send("Enter")
        try await tmux.waitFor("saved \(served.count) certificates as PEM to \(good)-chain.pem")
        #expect(folder.read("\(good)-chain.pem") == served.joined())

        // Again: the file exists, so the workbench asks; n leaves it alone, y replaces it.
        folder.write("\(good)-chain.pem", "keep me\n")
        try tmux.send("s")
        try await tmux.waitFor("Save PEM")
        try tmux.send("Down")
        try tmux.send("Enter")
        try tmux.send("Enter")
        try await tmux.waitFor("exists. Overwrite it?")
        try tmux.send("n")
        try await tmux.waitFor("File: \(good)-chain.pem")
        #expect(folder.read("\(good)-chain.pem") == "keep me\n")
        try tmux.send("Enter")
        try await tmux.waitFor("exists. Overwrite it?")
        try tmux.send("y")
        try await tmux.waitFor("saved \(served.count) certificates as PEM")
        #expect(folder.read("\(good)-chain.pem") == served.joined())
        try await quit(tmux)
    }

    @Test("y puts the selected level's SPKI pin on the terminal's clipboard (OSC 52) and shows it whole")
    func copyThroughOSC52() async throws {
        let folder = TemporaryFolder()
        let (tmux, _) = try await demo(in: folder)
        // tmux takes OSC 52 from programs only with set-clipboard on.
        _ = try await OffPoolThread.run {
            try ProcessRunner.run(
                tmux.tmux, ["-L", tmux.socket, "set-option", "-g", "set-clipboard", "on"], timeout: 10
            ).checked()
        }
        try tmux.send("2")
        try tmux.send("y")
        let screen = try await tmux.waitFor("✓ sent to the clipboard")
        let connect = try #require(try Self.connect(in: folder))
        let served = try await OffPoolThread.run {
            try OpenSSLCLI.servedChain(connect: connect, serverName: "good.pinbench.test")
        }
        let pin = try await OffPoolThread.run { try OpenSSLCLI.spkiPin(certificatePEM: served[0]) }
        #expect(screen.contains(pin))
        var buffer = ""
        for _ in 0..<100 {
            buffer = try await OffPoolThread.run {
                try ProcessRunner.run(tmux.tmux, ["-L", tmux.socket, "show-buffer"], timeout: 10).stdoutText
            }
            if buffer == pin { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(buffer == pin)
        try tmux.send("Escape")
        try await quit(tmux)
    }

    static func connect(in folder: TemporaryFolder) throws -> String? {
        try ManifestStore.load(folder.url.appendingPathComponent("pins.json")).manifest
            .policy(for: "good.pinbench.test")?.connect
    }

    @Test("x writes an export from the workbench identical to pinbench export for the same manifest")
    func exportMatchesTheCLI() async throws {
        let folder = TemporaryFolder()
        let (tmux, manifestURL) = try await demo(in: folder)
        try tmux.send("x")
        try await tmux.waitFor("Exports pins.json (no unsaved changes).")
        // Every format of the core is offered (the chooser iterates the enum).
        let chooser = try tmux.capture()
        for format in ExportFormat.allCases {
            #expect(chooser.contains("  \(format.rawValue) ") || chooser.contains("▶ \(format.rawValue) "), "\(format)")
        }
        let format = ExportFormat.allCases[1]
        try tmux.send("Down")
        try tmux.send("Enter")
        let naming = try await tmux.waitFor("File: pins-\(format.rawValue).")
        let line = try #require(naming.split(separator: "\n").first { $0.contains("File: ") })
        let name = try #require(
            line.split(separator: " ").first { $0.hasPrefix("pins-\(format.rawValue).") }.map {
                String($0.prefix { $0 != "▏" })
            })
        try tmux.send("Enter")
        try await tmux.waitFor("exported \(format.rawValue) to \(name)")
        let cli = try await PinBenchBinary.run(["export", format.rawValue, "--manifest", manifestURL.path])
        #expect(cli.status == 0, "\(cli.stderrText)")
        let written = try #require(folder.read(name))
        #expect(written == cli.stdoutText)
        #expect(!written.isEmpty)
        try await quit(tmux)
    }
}
