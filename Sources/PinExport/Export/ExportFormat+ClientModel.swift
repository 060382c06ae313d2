import ClientModels
import PinningCore

extension ExportFormat {
    /// The client model that judges chains as this export's client would (`validate --clients`): each format and
    /// its model are one pair, so what the export carries and what the verdict assumes cannot drift apart.
    /// OkHttp's depends on the version the export targets (``OkHttpVersion/clientModel``); this is OkHttp 4's.
    public var clientModel: ClientModel {
        switch self {
        case .okhttp: .okhttp
        case .android: .android
        case .trustkit: .trustkit
        case .ats: .ats
        case .curl: .curl
        case .hpkp: .hpkp
        case .urlsession: .urlsession
        case .alamofire: .alamofire
        case .afnetworking: .afnetworking
        }
    }
}

extension OkHttpVersion {
    /// The OkHttp model for the patterns this version's export writes.
    public var clientModel: ClientModel {
        switch self {
        case .v3: .okhttp3
        case .v4: .okhttp
        }
    }
}
