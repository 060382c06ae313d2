/// The clients PinBench exports pins to and judges chains as: one ``ClientModel`` each (``ClientModel/of(_:)``).
public enum PinClient: String, CaseIterable, Hashable, Sendable, Codable {
    case urlsession
    case alamofire
    case afnetworking
    case trustkit
    case ats
    /// OkHttp 4.3 and later (`**.host` covers every subdomain).
    case okhttp
    /// OkHttp 3 (`*.host` covers one label; the version Debian ships as libokhttp-java).
    case okhttp3
    case android
    case curl
    case hpkp

    /// The name people know the client by.
    public var displayName: String {
        switch self {
        case .urlsession: "URLSession delegate"
        case .alamofire: "Alamofire"
        case .afnetworking: "AFNetworking"
        case .trustkit: "TrustKit"
        case .ats: "ATS NSPinnedDomains"
        case .okhttp: "OkHttp 4"
        case .okhttp3: "OkHttp 3"
        case .android: "Android NSC"
        case .curl: "curl"
        case .hpkp: "HPKP (browsers)"
        }
    }
}
