import ArgumentParser
import Foundation
import PinningCore

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the manifest's pins in another tool's format.",
        discussion: """
            Formats: okhttp (CertificatePinner), android (Network Security Config XML), trustkit and ats \
            (Info.plist fragments), curl (--pinnedpubkey), hpkp (Public-Key-Pins header). What a format cannot \
            express (certificate pins in key-only formats, report-only mode, expiry, position-any pins for ATS) \
            is listed on stderr, never dropped silently.

            Examples:
              pinbench export android > app/src/main/res/xml/network_security_config.xml
              pinbench export ats --manifest pins.json
            """
    )

    @Argument(help: "One of: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ExportFormat

    @OptionGroup var manifestOptions: ManifestOptions

    @Flag(name: .customLong("strict"), help: "Exit 1 when the format cannot carry everything in the manifest.")
    var strict = false

    func run() throws {
        let document = try ManifestStore.load(manifestOptions.url)
        let result = PinExporter.export(document.manifest, as: format)
        FileHandle.standardOutput.write(Data(result.text.utf8))
        for warning in result.warnings { Output.note("warning: " + warning) }
        if strict && !result.warnings.isEmpty { throw ExitCode.rejected }
    }
}

extension ExportFormat: ExpressibleByArgument {}
