import PinningCore

extension WorkbenchState {
    /// The Certificate pane's lines as drawn at its current width.
    var certificateLines: [String] {
        CertificatePane.page(for: self).lines.map(\.text)
    }
}

extension WorkbenchUpdate {
    /// `/` in the Certificate pane: the search prompt, starting from the last query.
    mutating func startSearch() {
        prompt = Prompt(kind: .search, text: search?.query ?? "")
    }

    /// Typing in the search prompt searches as you type; Enter keeps the search for `n`/`N`; Esc ends it.
    mutating func handleSearchPromptKey(_ key: Key, _ prompt: Prompt) -> [Effect] {
        var prompt = prompt
        switch keyMap.command(for: key, in: [.searchPrompt]) {
        case .cancel:
            self.prompt = nil
            search = nil
            return []
        case .confirm:
            self.prompt = nil
            showMatch(announce: true)
            return []
        default:
            switch key {
            case .backspace, .delete:
                if !prompt.text.isEmpty { prompt.text.removeLast() }
            case .character(let c):
                if !TerminalSafeText.isUnsafe(c.unicodeScalars.first!), prompt.text.count < CertificateSearch.queryLimit
                {
                    prompt.text.append(c)
                }
            default: return []
            }
        }
        self.prompt = prompt
        search = prompt.text.isEmpty ? nil : CertificateSearch(query: prompt.text)
        showMatch(announce: false)
        return []
    }

    /// `n` / `N`: the next or previous match, wrapping around.
    mutating func moveToMatch(by step: Int) {
        guard var current = search else {
            say(.noSearch)
            return
        }
        let count = current.matches(in: certificateLines).count
        _ = current.move(by: step, count: count)
        search = current
        showMatch(announce: true)
    }

    /// Scrolls the Certificate pane to the current match and, when asked, says where it is (or that there is none).
    private mutating func showMatch(announce: Bool) {
        guard var current = search else { return }
        let matches = current.matches(in: certificateLines)
        guard !matches.isEmpty else {
            if announce {
                say(.noMatch(query: current.query))
            }
            return
        }
        current.current = min(current.current, matches.count - 1)
        search = current
        selection.certificateScroll.offset = max(0, matches[current.current].line - 1)
        if announce {
            say(.match(index: current.current, of: matches.count, query: current.query))
        }
    }
}
