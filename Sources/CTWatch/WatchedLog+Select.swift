import Foundation
import PinningCore
import TransparencyLog

extension WatchedLog {
    /// The logs to watch: every usable log of the list, or those whose URL is one of `urls`, each read through the
    /// transport `transport` makes for its URL. A URL ``LogURL`` refuses, or one of `urls` the list does not hold (its
    /// key is needed to verify what it serves), is an error.
    public static func select(
        from list: CTLogList, urls: [String], batch: Int, transport: (LogURL) -> any LogTransport
    ) throws(WatchSetupError) -> [WatchedLog] {
        func normalized(_ url: String) -> String { url.hasSuffix("/") ? url : url + "/" }
        let wanted = Set(urls.map(normalized))
        var chosen: [WatchedLog] = []
        for log in list.logs {
            let readURL = log.monitoringURL ?? log.url
            guard let readURL else { continue }
            if wanted.isEmpty {
                guard log.state == nil || log.state == "usable" || log.state == "qualified" || log.state == "readonly"
                else { continue }
            } else {
                guard wanted.contains(normalized(readURL)) || log.url.map(normalized).map(wanted.contains) == true
                else { continue }
            }
            let url: LogURL
            do {
                url = try LogURL(readURL)
            } catch {
                throw WatchSetupError(error.message)
            }
            let reader = transport(url)
            let endpoint: any LogEndpoint
            if log.monitoringURL != nil {
                let origin = log.url.map(Checkpoint.origin(submissionURL:))
                endpoint = TiledEndpoint(transport: reader, key: log.key, logID: log.logID, origin: origin)
            } else {
                endpoint = RFC6962Endpoint(transport: reader, key: log.key, maximumBatch: batch)
            }
            chosen.append(WatchedLog(log: log, endpoint: endpoint, plainHTTP: url.isPlainHTTP))
        }
        for url in wanted
        where !chosen.contains(where: {
            [$0.log.url, $0.log.monitoringURL].compactMap { $0 }.map(normalized).contains(url)
        }) {
            throw WatchSetupError(
                "\(url) is not a log of the log list: its key is needed to verify what it serves (--ct-log-list FILE)")
        }
        return chosen
    }
}
