import CTWatch
import Foundation
import ManifestEditing
import PinForecast
import PinningCore
import TransparencyLog

/// One pass over every watched log: read what is new, verified, report findings, keep the new positions.
struct WatchRound {
    let logs: [WatchedLog]
    let hosts: WatchedHosts
    let releases: [Release]
    let next: PinManifest
    let stateURL: URL
    let fromNow: Bool
    let budget: Int
    let json: Bool

    struct Outcome {
        var lockout = false
        var misbehaving = false
        /// A log that could not be read this round (down, slow, refused), or a state file that could not be kept.
        var unread = false

        /// `--once`'s exit status: the worst thing that happened.
        var exitStatus: Int32 {
            if misbehaving { return 3 }
            if lockout { return 1 }
            return unread ? 4 : 0
        }
    }

    func run() async -> Outcome {
        var outcome = Outcome()
        for log in logs {
            do {
                let found = try await advance(log)
                if found { outcome.lockout = true }
            } catch let failure as LogFailure {
                if failure.isMisbehaviour { outcome.misbehaving = true } else { outcome.unread = true }
                report(log, failure)
            } catch {
                outcome.unread = true
                Output.error("\(log.name): \((error as? CLIFailure)?.message ?? "\(error)")")
            }
        }
        return outcome
    }

    /// One step in `log`; true when a finding would lock a release out.
    private func advance(_ log: WatchedLog) async throws -> Bool {
        let follower = LogFollower(endpoint: log.endpoint, budget: budget)
        let saved = try ManifestStore.loadIfPresent(WatchState.self, at: stateURL)?.positions[log.id]
        let start: LogPosition
        if let saved {
            start = saved
        } else {
            start = try await follower.start(fromNow: fromNow)
        }
        let step = try await follower.step(from: start)
        var lockout = false
        for entry in step.entries {
            guard !hosts.hosts(for: entry.dnsNames).isEmpty else { continue }
            let issuers = try await log.endpoint.issuers(of: entry)
            let finding: CTFinding
            do {
                guard
                    let found = try CTFinding(
                        entry: entry, issuers: issuers, log: log.name, hosts: hosts, releases: releases, next: next,
                        at: Date())
                else { continue }
                finding = found
            } catch {
                // Logged, and for a pinned host, but no client could use it: said, not judged.
                Output.note("\(log.name): \(error.description); it names \(entry.dnsNames.joined(separator: ", "))")
                continue
            }
            if !finding.lockingOut.isEmpty { lockout = true }
            if json {
                print(WatchReport.jsonLine(finding))
            } else {
                Output.lines(WatchReport.text(finding))
            }
        }
        try keep(step.position, for: log, after: saved)
        if !json {
            Output.note("\(log.name): read to entry \(step.position.next) of \(step.position.treeHead.size)")
        }
        return lockout
    }

    /// Saves `position` under the state file's lock, unless another watcher moved this log meanwhile.
    private func keep(_ position: LogPosition, for log: WatchedLog, after saved: LogPosition?) throws {
        try ManifestStore.update(WatchState.self, at: stateURL) { state in
            guard state.positions[log.id] == saved else {
                throw CLIFailure("\(log.name): another watch moved its position meanwhile; this round's is not kept")
            }
            state.positions[log.id] = position
        }
    }

    private func report(_ log: WatchedLog, _ failure: LogFailure) {
        if json {
            switch failure {
            case .misbehaving(let detail):
                print(WatchReport.jsonLine(log: log.name, problem: "misbehaving", detail: detail))
            case .unreachable(let detail):
                print(WatchReport.jsonLine(log: log.name, problem: "unreachable", detail: detail))
            }
        } else if failure.isMisbehaviour {
            Output.error("\(log.name) is MISBEHAVING: \(failure); its position is not moved")
        } else {
            Output.note("\(log.name): \(failure); it is tried again next round")
        }
    }
}
