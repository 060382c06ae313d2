import PinForecast

/// The Forecast view's data in the state: the releases as last read from disk, and the forecasts computed so far,
/// each for the key it was computed from (``ForecastKey``), so that a frame only draws and a forecast is computed
/// once per domain, candidate and releases. At most one computation is in flight: moving quickly through ten
/// thousand domains asks for the one selected when the last answer arrives, not for every one passed.
public struct ForecastCache: Sendable {
    /// How many domains' forecasts are kept: far more than anyone looks at in a session, and bounded.
    public static let capacity = 64

    public private(set) var releases: ReleasesOnDisk = .notRead
    /// Bumped by every read of the releases file: forecasts of an older read are out of date.
    public private(set) var releasesGeneration = 0
    /// The last forecast of each host, by normalized host, and the hosts in the order they were stored.
    private var outlooks: [String: ForecastOutlook] = [:]
    private var stored: [String] = []
    /// The forecast asked for and not answered yet.
    public private(set) var inFlight: ForecastKey?

    public init() {}

    /// The last forecast of `host`, current or not (``ForecastOutlook/key`` says what it was computed from).
    public func outlook(for host: String) -> ForecastOutlook? { outlooks[host] }

    mutating func receive(_ releases: ReleasesOnDisk) {
        self.releases = releases
        releasesGeneration += 1
    }

    mutating func asked(_ key: ForecastKey) {
        inFlight = key
    }

    /// Keeps `outlook` as its host's forecast; the oldest host goes once ``capacity`` hosts are kept.
    mutating func store(_ outlook: ForecastOutlook) {
        if inFlight == outlook.key { inFlight = nil }
        let host = outlook.key.host
        if outlooks.updateValue(outlook, forKey: host) == nil {
            stored.append(host)
        } else {
            stored.removeAll { $0 == host }
            stored.append(host)
        }
        while stored.count > Self.capacity { outlooks[stored.removeFirst()] = nil }
    }
}
