import Foundation

/// A share of installs as the tables and sentences show it: whole percents without a decimal, others with one.
public enum ReleaseShare {
    public static func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }
}
