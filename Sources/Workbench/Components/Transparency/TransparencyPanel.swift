/// The Transparency view (`T`): how far it is scrolled. What it shows follows the selected domain and the watch's
/// state file (``TransparencyFeed``). The Forecast view's model: the same keys, scrolling and moves between domains.
public typealias TransparencyPanel = ForecastPanel
