import CTWatch
import LiveCheck
import ManifestEditing
import PinForecast
import PinImport
import PinningCore
import ReleaseHistory
import TerminalBackend

// The libraries' errors about what the user gave, which already say what is wrong in words: bad input (exit 2).
extension HistoryError: CertificateDecodingErrorConvertible { var userMessage: String { message } }
extension ForecastInputError: CertificateDecodingErrorConvertible { var userMessage: String { message } }
extension WatchSetupError: CertificateDecodingErrorConvertible { var userMessage: String { message } }
extension BackupKeyError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension ImportError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension HostNameError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension CheckSelectionError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
extension TerminalError: CertificateDecodingErrorConvertible { var userMessage: String { description } }
