import ClientModels
import PinningCore

// The client rules: pins that some of the clients the manifest is exported to can never match, and domains a client
// refuses. They run only for the clients the environment names (`--clients`), and are warnings naming them.

extension ManifestLinter {
    /// One domain's client findings, from ``ClientReach``.
    func clientFindings(_ domain: DomainPolicy, served: ServedChain?) -> [LintFinding] {
        guard !environment.clients.isEmpty else { return [] }
        return Self.findings(ClientReach(domain, clients: environment.clients, served: served))
    }

    /// A manifest-wide warning for each named client that ignores every pin, when the manifest pins anything.
    func ignoredPinFindings(_ manifest: PinManifest) -> [LintFinding] {
        guard manifest.domains.contains(where: { !$0.pins.isEmpty }) else { return [] }
        return ClientReach.ignoring(environment.clients).map { client in
            LintFinding(
                .warning, .pinOutOfSomeClientsReach, host: nil,
                message: "\(client.displayName) ignores every pin: "
                    + "\(ClientModel.of(client).sources.first?.rule ?? "its pins decide nothing.")",
                fix: "Pin in the app's own client; leave \(client.rawValue) out of --clients if no app relies on it.")
        }
    }

    /// The findings of one domain's reach, in the words of the lint report.
    static func findings(_ reach: ClientReach) -> [LintFinding] {
        let gaps = reach.gaps.map { gap in
            LintFinding(
                .warning, .pinOutOfSomeClientsReach, host: reach.host, message: message(gap),
                fix: fixes(gap))
        }
        let refusals = reach.refusals.map { refusal in
            LintFinding(
                .warning, .clientRefusesDomain, host: reach.host,
                message: "\(refusal.client.displayName) carries \(refusal.carried) of its pins and refuses any domain "
                    + "with fewer than \(refusal.minimum): its configuration throws at start-up and nothing is pinned.",
                fix: "Add key pins (spki-sha256) until it carries \(refusal.minimum), a backup among them.")
        }
        let combined = reach.bothRequired.filter { $0.leafMatches == nil || $0.failsNow }.map { both in
            LintFinding(
                .warning, .clientRequiresLeafAndCA, host: reach.host, message: message(both),
                fix: "Keep a leaf pin for every key the server may present (the current and the next), or give "
                    + "\(both.client.displayName) CA pins only.")
        }
        return gaps + refusals + combined
    }

    private static func message(_ both: ClientReach.BothRequired) -> String {
        let rule =
            "\(both.client.displayName) carries \(counted(both.leafPins, "leaf identity", "leaf identities")) and "
            + "\(counted(both.caPins, "CA identity", "CA identities")), and needs one of each to match together"
        switch (both.leafMatches, both.caMatches) {
        case (nil, _), (_, nil):
            return rule + ": a new leaf key that is not pinned breaks it even when the CA pin still matches."
        case (false, false):
            return rule + ": the chain served now matches neither list, so it rejects the chain."
        case (false, true):
            return rule + ": the chain served now matches no leaf identity, so it rejects the chain."
        default:
            return rule + ": the chain served now matches no CA identity, so it rejects the chain."
        }
    }

    private static func counted(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }

    private static func message(_ gap: ClientReach.PinGap) -> String {
        let pin = "\(gap.pin.type.rawValue) pin \(gap.pin.value.prefix(44))"
        let who =
            gap.reachable.isEmpty
            ? "no client of --clients can match \(pin)"
            : "\(pin) can be matched by \(names(gap.reachable)) only"
        let grouped = Dictionary(grouping: gap.outOfReach, by: \.reason)
        let reasons = grouped.keys.sorted(by: order).map { reason in
            because(reason, clients: grouped[reason]!.map(\.client), pin: gap.pin)
        }
        return "\(who): \(reasons.joined(separator: "; "))."
    }

    private static func because(_ reason: ClientModel.PinOutOfReach, clients: [PinClient], pin: Pin) -> String {
        let one = clients.count == 1
        let what: String
        switch reason {
        case .pinsIgnored:
            what = one ? "ignores every pin" : "ignore every pin"
        case .typeNotCarried:
            what = one ? "carries key pins only" : "carry key pins only"
        case .positionNotCarried:
            what = (one ? "leaves out" : "leave out") + " a pin at position \(pin.position.rawValue)"
        case .otherKindChosen:
            what =
                one
                ? "takes the domain's key pins and drops its certificate pins"
                : "take the domain's key pins and drop its certificate pins"
        case .onlyAboveTheLeaf:
            what =
                (one ? "compares" : "compare") + " the first certificate sent only, and this pin matches a "
                + "certificate above it in the chain served now"
        }
        return names(clients) + " " + what
    }

    /// One sentence per distinct fix, in the order of the reasons.
    private static func fixes(_ gap: ClientReach.PinGap) -> String {
        var sentences: [String] = []
        for reason in Set(gap.outOfReach.map(\.reason)).sorted(by: order) {
            let sentence = fix(reason, gap.pin)
            if !sentences.contains(sentence) { sentences.append(sentence) }
        }
        return sentences.joined(separator: " ")
    }

    private static func fix(_ reason: ClientModel.PinOutOfReach, _ pin: Pin) -> String {
        switch reason {
        case .pinsIgnored:
            return "Pin in the app's own client."
        case .typeNotCarried, .otherKindChosen:
            return "Pin the same certificate's key (spki-sha256): every pinning client carries key pins."
        case .positionNotCarried where pin.position == .any:
            return "Set the pin's position to leaf or ca, as its certificate is: ATS keeps the two apart."
        case .positionNotCarried, .onlyAboveTheLeaf:
            return "curl matches the leaf's key only: keep a leaf key pin as well where curl must pin the host."
        }
    }

    private static func order(_ lhs: ClientModel.PinOutOfReach, _ rhs: ClientModel.PinOutOfReach) -> Bool {
        let all = ClientModel.PinOutOfReach.allCases
        return all.firstIndex(of: lhs)! < all.firstIndex(of: rhs)!
    }

    /// `curl`, `curl and OkHttp 4`, `curl, OkHttp 4 and ATS NSPinnedDomains`.
    static func names(_ clients: [PinClient]) -> String {
        let names = clients.map(\.displayName)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
