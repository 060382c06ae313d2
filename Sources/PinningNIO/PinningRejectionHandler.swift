import NIOCore
import NIOSSL

/// Placed right after the `NIOSSLClientHandler`: when the handshake fails because ``PinningVerifier`` refused the
/// chain, the error passed on is the ``PinningRejection`` carrying the verdict, not NIOSSL's generic handshake error.
public final class PinningRejectionHandler: ChannelInboundHandler, Sendable {
    public typealias InboundIn = NIOAny

    private let verifier: PinningVerifier

    public init(verifier: PinningVerifier) {
        self.verifier = verifier
    }

    public func errorCaught(context: ChannelHandlerContext, error: Error) {
        if let rejection = verifier.rejection {
            context.fireErrorCaught(rejection)
        } else {
            context.fireErrorCaught(error)
        }
    }
}

/// The client side of a pinned TLS connection in one call, for a `ClientBootstrap`'s channel initializer.
public enum PinnedTLS {
    /// Adds the TLS handler (SNI `host`, the chain judged by `verifier`) and the ``PinningRejectionHandler``.
    public static func addHandlers(
        to pipeline: ChannelPipeline.SynchronousOperations, context: NIOSSLContext, verifier: PinningVerifier
    ) throws {
        let serverHostname = isIPAddress(verifier.host) ? nil : verifier.host
        let tls = try NIOSSLClientHandler(
            context: context, serverHostname: serverHostname,
            customVerificationCallbackWithMetadata: { certificates, promise in
                verifier.verify(certificates, promise)
            })
        try pipeline.addHandler(tls)
        try pipeline.addHandler(PinningRejectionHandler(verifier: verifier))
    }

    /// SNI carries names only.
    private static func isIPAddress(_ host: String) -> Bool {
        host.contains(":") || host.split(separator: ".").allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
    }
}
