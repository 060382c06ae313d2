import PinningCore

extension WorkbenchUpdate {
    /// `F`: the Forecast view of the selected domain.
    mutating func openForecast() {
        openDomainView(.forecast(ForecastPanel()), orSay: .forecast)
    }

    /// A command while the Forecast view is open: scroll, move to another domain, or close.
    mutating func handleForecastCommand(_ command: Command, _ panel: ForecastPanel) {
        let lineCount = ForecastView.lines(state, width: ForecastView.textWidth(chrome.size)).count
        handleDomainViewCommand(command, panel, lineCount: lineCount, reopen: OverlayState.forecast)
    }
}

extension WorkbenchState {
    /// What a forecast of the selected domain would be computed from now; nil while nothing can be judged (no chain
    /// fetched, the releases file not read yet).
    var currentForecastKey: ForecastKey? {
        guard let host = selectedDomainPolicy?.normalizedHost, let chain = results.live[host]?.chain else { return nil }
        if case .notRead = forecast.releases { return nil }
        return ForecastKey(
            host: host, candidateGeneration: editing.generation, releasesGeneration: forecast.releasesGeneration,
            fetchedAt: chain.fetchedAt, day: CalendarDay(containing: chrome.now))
    }

}

extension WorkbenchUpdate {
    /// While the Forecast view is open, asks for the selected domain's forecast when the one kept is missing or out
    /// of date and none is being computed.
    mutating func requestForecastIfNeeded() -> [Effect] {
        guard case .forecast = overlay, forecast.inFlight == nil, let key = currentForecastKey,
            forecast.outlook(for: key.host)?.key != key, let chain = results.live[key.host]?.chain
        else { return [] }
        askedForForecast(key)
        let request = ForecastRequest(
            key: key, shipped: forecast.releases.book, candidate: manifest,
            candidateName: "next (\(editing.document.url.lastPathComponent))", current: chain.certificates,
            at: chrome.now, catalog: editing.lintEnvironment.catalog)
        return [.forecast(request)]
    }
}
