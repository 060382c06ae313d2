import Foundation
import PinningCore

/// The manifest and trust anchors a client judges servers by, loaded once and swappable while the client runs: a
/// reload takes effect for the next handshake and never drops a connection already made.
public final class PinningPolicy: @unchecked Sendable {
    private let lock = NSLock()
    private var current: PinValidator

    public init(manifest: PinManifest, trustAnchors: TrustAnchors) {
        current = PinValidator(manifest: manifest, trustAnchors: trustAnchors)
    }

    /// The validator for the next handshake.
    public var validator: PinValidator {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Swaps in another manifest (a reload), keeping the trust anchors unless others are given.
    public func replace(manifest: PinManifest, trustAnchors: TrustAnchors? = nil) {
        lock.lock()
        defer { lock.unlock() }
        current = PinValidator(manifest: manifest, trustAnchors: trustAnchors ?? current.trustAnchors)
    }
}
