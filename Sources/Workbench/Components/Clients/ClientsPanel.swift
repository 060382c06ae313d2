/// The Clients view (`C`): how far it is scrolled. What it shows follows the selected domain, its live chain and the
/// manifest being edited (``ClientsBoard``). The Forecast view's model: the same keys, scrolling and moves between
/// domains.
public typealias ClientsPanel = ForecastPanel
