import PinningCore

/// Where the user is: the focused pane, the selected domain and chain level, the panes' scroll positions and the
/// Domains filter with the rows it leaves.
///
/// The filtered index list is recomputed only when the manifest or the filter changes, so per-frame work does not
/// grow with the number of domains.
public struct WorkbenchSelection: Sendable {
    public var focus: PaneID = .domains
    /// The detail pane (Chain or Certificate) shown beside Domains in two-pane mode: the one focused last. The Pins
    /// pane takes the right-hand column only while it has the focus (README, "The workbench").
    public var detailPane: PaneID = .chain
    /// The Pins pane's own model: its selection and scroll position.
    public var pinsPane = PinsPane()
    /// Index into ``visibleDomains``.
    public var selectedDomain = 0
    /// Level of the selected domain's chain (0 = leaf).
    public var selectedLevel = 0
    /// The Certificate pane's scroll position (its own model: a new domain or level starts at the top).
    public var certificateScroll = CertificateScroll()
    public var domainViewport = ListViewport()
    public var chainViewport = ListViewport()
    public private(set) var filter = ""
    /// Indices into the manifest's domains that match the filter, in display order.
    public private(set) var visibleDomains: [Int] = []

    mutating func setFocus(_ pane: PaneID) {
        focus = pane
        if pane == .chain || pane == .certificate { detailPane = pane }
    }

    /// A newly selected domain shows its leaf from the top of its chain.
    mutating func startAtTopOfDomain() {
        selectedLevel = 0
        chainViewport = ListViewport()
    }

    /// Sets the filter text and the rows of `domains` it leaves.
    mutating func setFilter(_ text: String, domains: [DomainPolicy]) {
        filter = text
        recomputeVisibleDomains(domains)
    }

    mutating func recomputeVisibleDomains(_ domains: [DomainPolicy]) {
        let needle = filter.lowercased()
        visibleDomains =
            needle.isEmpty
            ? Array(domains.indices)
            : domains.indices.filter { domains[$0].host.lowercased().contains(needle) }
    }
}
