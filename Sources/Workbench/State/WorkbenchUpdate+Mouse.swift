/// The mouse, in terms of the layout: a click focuses the pane under the pointer and selects the row under it
/// (Domains, Chain, Pins); the wheel scrolls the pane under the pointer (or the open overlay) without moving the focus.
extension WorkbenchState {
    /// Rows one wheel notch moves in the Certificate pane and in overlays.
    static let wheelLines = 3
}

extension WorkbenchUpdate {
    mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        guard prompt == nil, layout.mode != .tooSmall else { return [] }
        if overlay != nil {
            guard event.kind != .press else { return [] }
            let command: Command = event.kind == .wheelUp ? .moveUp : .moveDown
            var effects: [Effect] = []
            for _ in 0..<WorkbenchState.wheelLines {
                guard let current = overlay else { break }
                effects += handleOverlayCommand(command, current)
            }
            return effects
        }
        guard let (pane, rect) = layout.panes.first(where: { $0.value.contains(event.point) }) else { return [] }
        clearMessage()
        switch event.kind {
        case .press:
            setFocus(pane)
            if let index = listIndex(at: event.point, in: pane, rect: rect) {
                let selected: Int
                switch pane {
                case .domains: selected = selection.selectedDomain
                case .pins: selected = selection.pinsPane.selection
                default: selected = selection.selectedLevel
                }
                move(by: index - selected)
            }
        case .wheelUp, .wheelDown:
            let step = event.kind == .wheelUp ? -1 : 1
            let focused = selection.focus
            selection.focus = pane
            move(by: pane == .certificate ? step * WorkbenchState.wheelLines : step)
            selection.focus = focused
        }
        return []
    }

    /// The index of the list row drawn at `point` in a list pane (inside its border), if there is one.
    private func listIndex(at point: Point, in pane: PaneID, rect: Rect) -> Int? {
        let inside = rect.inset(by: 1)
        guard inside.contains(point) else { return nil }
        let row = point.y - inside.y
        switch pane {
        case .domains:
            let index = selection.domainViewport.offset + row
            return index < selection.visibleDomains.count ? index : nil
        case .chain:
            let index = selection.chainViewport.offset + row
            return index < (selectedLive?.levels.count ?? 0) ? index : nil
        case .certificate:
            return nil
        case .pins:
            let count = selectedDomainPolicy?.pins.count ?? 0
            guard row < PinsPaneView.listHeight(count: count, inside: inside.height) else { return nil }
            let index = selection.pinsPane.viewport.offset + row
            return index < count ? index : nil
        }
    }
}
