import CTWatch
import PinForecast
import ReleaseHistory

// The libraries' errors about what the user gave, which already say what is wrong in words: bad input (exit 2).
extension HistoryError: CertificateDecodingErrorConvertible { var userMessage: String { message } }
extension ForecastInputError: CertificateDecodingErrorConvertible { var userMessage: String { message } }
extension WatchSetupError: CertificateDecodingErrorConvertible { var userMessage: String { message } }
