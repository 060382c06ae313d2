import ArgumentParser
import ClientModels

/// `--target-sdk N` and `--android-ct`: the Android app's target, for the android export and the android client.
struct AndroidTargetOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Android: the app's targetSdkVersion (1 to 99); from 37, CT by default.")
    var targetSdk: Int?

    @Flag(help: "Android: the config opts in to Certificate Transparency (<certificateTransparency>, API 36+).")
    var androidCt = false

    func validate() throws { _ = try target() }

    /// The target; nil without `--target-sdk`.
    func target() throws -> AndroidTarget? {
        guard let targetSdk else {
            if androidCt { throw ValidationError("--android-ct needs --target-sdk N (36 or later).") }
            return nil
        }
        do { return try AndroidTarget(sdk: targetSdk, optsInToTransparency: androidCt) } catch {
            throw ValidationError("--target-sdk \(targetSdk): \(error.description)")
        }
    }
}
