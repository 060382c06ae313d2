import Testing

@testable import CTWatch

/// `watch --log-deadline` and `--round-deadline` as the round's deadlines.
@Suite("Watch deadlines from seconds")
struct WatchDeadlinesTests {
    @Test("a round deadline given is the round's; none given, the round is every log's time")
    func fromSeconds() {
        let given = WatchRound.Deadlines(perLogSeconds: 1.5, roundSeconds: 10, logs: 4)
        #expect(given.perLog == .milliseconds(1500))
        #expect(given.round == .seconds(10))
        let summed = WatchRound.Deadlines(perLogSeconds: 300, roundSeconds: nil, logs: 3)
        #expect(summed.perLog == .seconds(300))
        #expect(summed.round == .seconds(900))
        #expect(WatchRound.Deadlines(perLogSeconds: 2, roundSeconds: nil, logs: 0).round == .seconds(2))
    }
}
