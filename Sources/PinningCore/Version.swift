public enum PinningCoreVersion { public static let schema = 1 }
