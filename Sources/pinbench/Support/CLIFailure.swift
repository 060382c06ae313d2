import ArgumentParser
import DemoLab
import ManifestEditing
import PinningCore

extension ExitCode {
    /// The verdict was a rejection, or lint found errors.
    static let rejected = ExitCode(1)
    /// Bad input: arguments, files, manifests, unreachable servers.
    static let badInput = ExitCode(2)
}

/// An error the CLI reports in one message, with its exit code.
struct CLIFailure: Error {
    let message: String
    let exitCode: ExitCode

    init(_ message: String, exitCode: ExitCode = .badInput) {
        self.message = message
        self.exitCode = exitCode
    }
}

/// Core errors that already say what is wrong in words.
protocol CertificateDecodingErrorConvertible: Error {
    var userMessage: String { get }
}

extension CertificateDecodingError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension ManifestError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension LabStartFailure: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension LabFilesError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension UnknownDomainError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
