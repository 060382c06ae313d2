import ClientModels
import Foundation
import PinningCore
import TestSupport
import Testing

/// The catalog is the one list of clients: every name parses back to its client and model, each client once, and
/// JSON names a client by its command-line name and refuses a name no client has.
@Suite("Client catalog")
struct ClientCatalogTests {
    @Test("every client appears once, in the catalog's order, and its name leads back to it and its model")
    func namesRoundTrip() throws {
        let names = ClientModel.all.map(\.client.rawValue)
        #expect(
            names == [
                "urlsession", "alamofire", "afnetworking", "trustkit", "ats", "okhttp", "okhttp3", "android", "curl",
                "hpkp",
            ])
        #expect(Set(names).count == names.count)
        #expect(PinClient.allCases == ClientModel.all.map(\.client))
        for model in ClientModel.all {
            let client = try #require(PinClient(rawValue: model.client.rawValue))
            #expect(client == model.client)
            #expect(ClientModel.of(client).client == client)
            #expect(ClientModel.of(client).sources.isEmpty == false, "\(client): every model cites its rules")
        }
        #expect(PinClient(rawValue: "netscape") == nil)
        #expect(PinClient(rawValue: "CURL") == nil)
    }

    @Test("JSON names a client by its command-line name; an unknown name is a decoding error")
    func codable() throws {
        let encoded = try JSONEncoder().encode([PinClient.okhttp3, .curl])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["okhttp3","curl"]"#)
        #expect(try JSONDecoder().decode([PinClient].self, from: encoded) == [.okhttp3, .curl])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([PinClient].self, from: Data(#"["curl","lynx"]"#.utf8))
        }
    }

    @Test("only curl and OkHttp bring their own stack's rules; every other client takes PinBench's platform profile")
    func stacks() {
        let own = ClientModel.all.filter { $0.trust != .platform }.map(\.client)
        #expect(own == [.okhttp, .okhttp3, .curl])
        #expect(ClientModel.curl.trust == .openSSL)
        #expect(ClientModel.okhttp.trust == .jvm && ClientModel.okhttp3.trust == .jvm)
    }
}
