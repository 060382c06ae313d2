/// Timings in milliseconds, summarised the way BENCHMARKS.md reports them.
struct Samples {
    private(set) var values: [Double] = []

    mutating func append(_ milliseconds: Double) { values.append(milliseconds) }

    var median: Double { percentile(50) }
    var p95: Double { percentile(95) }

    /// The nearest-rank percentile: a value that was actually measured.
    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(0, rank), sorted.count - 1)]
    }
}
