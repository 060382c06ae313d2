import ArgumentParser
import CommandText
import Foundation
import LiveCheck
import ManifestEditing
import ManifestFiles
import PinExport
import PinningCore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the manifest's pins in another tool's format.",
        discussion: ExportHelp.discussion
    )

    @Argument(
        help: "One of: \(ExportFormat.allCases.map(\.rawValue).joined(separator: ", ")).",
        transform: ExportFormat.named)
    var format: ExportFormat

    @OptionGroup var manifestOptions: ManifestOptions

    @Flag(name: .customLong("strict"), help: "Exit 1 when the format cannot carry everything in the manifest.")
    var strict = false

    @Flag(help: "Keep domains whose expires has passed and pins past their certificate's notAfter.")
    var includeLapsed = false

    @Flag(help: "Write the export even when the client would refuse it (see above); the reasons stay on stderr.")
    var allowInvalid = false

    @Option(help: "The OkHttp major version for okhttp: 4 writes **.host (OkHttp 4.3+), 3 the host and *.host.")
    var okhttpVersion: OkHttpVersion = .v4

    @Option(
        name: .shortAndLong,
        help: "Write the export to this file instead of stdout; .cer files go into its folder.")
    var output: String?

    @Option(help: "A chain file (PEM or DER) whose certificates may be bundled; repeatable. Default: live chains.")
    var chain: [String] = []

    @Flag(help: "For ats: connect to each domain and write the NSExceptionDomains keys its connection needs.")
    var atsExceptions = false

    @OptionGroup var probeSettings: ProbeSettings
    @OptionGroup var android: AndroidTargetOptions

    func validate() throws {
        if atsExceptions && format != .ats {
            throw ValidationError("--ats-exceptions goes with the ats format (pinbench export ats --ats-exceptions).")
        }
        if android.targetSdk != nil && format != .android { throw ValidationError("--target-sdk goes with android.") }
    }

    func run() async throws {
        let document = try ManifestStore.load(manifestOptions.url)
        let inputs = [InputFile(document.url.path, what: "manifest")] + chain.map { InputFile($0, what: "chain file") }
        if let output { try check(output, inputs: inputs) }
        if format.needsCertificates && output == nil {
            throw CLIFailure(
                "\(format.rawValue) bundles .cer files beside the code; say where with --output FILE "
                    + "(for example --output App/PinBenchTrust.\(format == .afnetworking ? "m" : "swift"))")
        }
        // Chain files are read only for a format that bundles certificates; without them, live chains are.
        let chainCertificates =
            format.needsCertificates && !chain.isEmpty
            ? try chain.flatMap { try ChainFile.read($0) } : nil
        let run = ExportRun(
            manifest: document.manifest, format: format,
            options: ExportOptions(
                includeLapsed: includeLapsed, okHttpVersion: okhttpVersion, androidTarget: try android.target()),
            chainCertificates: chainCertificates, atsExceptions: atsExceptions, deadline: probeSettings.deadline)
        let exported = await run.run()
        for (host, failure) in exported.unreachable {
            Output.note("warning: \(host): no live connection (\(failure.description))")
        }
        let result = exported.export
        let refused = exported.refused(allowInvalid: allowInvalid)
        for finding in result.findings {
            Output.note((finding.severity == .refusedByClient && refused ? "error: " : "warning: ") + finding.message)
        }
        if refused {
            throw CLIFailure(
                "not written: the client would refuse this \(format.displayName) configuration (see above); "
                    + "fix the manifest, or give --allow-invalid to write it anyway", exitCode: .rejected)
        }
        if let output {
            do {
                try ExportFileWriter.write(
                    Array(result.text.utf8), companions: result.files, to: output, replacing: true, inputs: inputs)
            } catch {
                throw refusal(error)
            }
            Output.note("wrote \(output)" + (result.files.isEmpty ? "" : " and \(result.files.count) .cer file(s)"))
        } else {
            FileHandle.standardOutput.write(Data(result.text.utf8))
        }
        if strict && !result.findings.isEmpty { throw ExitCode.rejected }
    }

    /// Refuses `--output` before any work (live connections included) when it names an input or standard output.
    private func check(_ output: String, inputs: [InputFile]) throws {
        do {
            _ = try OutputTarget.check(output, inputs: inputs)
        } catch {
            throw refusal(error)
        }
    }

    private func refusal(_ error: OutputFileError) -> CLIFailure {
        CLIFailure("not written: " + error.reason + CommandInputs.hint(error, option: "--output"))
    }
}

extension ExportFormat: ExpressibleByArgument {
    /// The format named `text`; a name no format has is an error that suggests the closest one (`okhtp`).
    static func named(_ text: String) throws -> ExportFormat {
        if let format = ExportFormat(rawValue: text) { return format }
        let names = allCases.map(\.rawValue)
        var message = "no such format."
        if let nearest = NameSuggestion.nearest(to: text, in: names) { message += " Did you mean '\(nearest)'?" }
        throw ValidationError(message + " Formats: \(names.joined(separator: ", ")).")
    }
}
extension OkHttpVersion: ExpressibleByArgument {}
