import PinningCore

/// Why a command could not start the lab, in the sentence `pinbench demo` and `pinbench lab` print.
public struct LabStartFailure: BadInputError, CustomStringConvertible, Sendable {
    /// What went wrong: a ``DemoLabError``'s message, or the error's own words.
    public let reason: String

    public var description: String { "could not start the demo lab: \(reason)" }
}

extension RunningLab {
    /// ``start(_:)`` for a command: any failure becomes a ``LabStartFailure`` that says the lab did not start.
    public static func startForCommand(
        _ options: DemoLabOptions = DemoLabOptions()
    ) throws(LabStartFailure)
        -> RunningLab
    {
        do {
            return try start(options)
        } catch {
            throw LabStartFailure(reason: (error as? DemoLabError)?.message ?? "\(error)")
        }
    }
}
