import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The collector's HTTP server on SwiftNIO (NIOHTTP1, with NIOSSL for HTTPS): binds the listen address and serves
/// ``CollectorHandler`` on every connection until stopped. With TLS, the handshake counts against the request's
/// deadline (armed when the connection opens), so a slow handshake is cut off as a slow request is.
public final class CollectorServer: Sendable {
    private let channel: any Channel
    /// The port bound (the chosen one when the settings asked for 0).
    public let port: Int

    private init(channel: any Channel, port: Int) {
        self.channel = channel
        self.port = port
    }

    /// Binds and starts serving; throws when the address cannot be bound.
    public static func start(
        settings: CollectorSettings, intake: ReportIntake, tls: CollectorTLS? = nil
    ) async throws -> CollectorServer {
        let limiter = settings.ratePerSecond.map { RateLimiter(rate: $0, burst: settings.rateBurst) }
        let gate = ConnectionGate(limit: settings.maxConnections)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 512)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls.context))
                    }
                    let watch = RequestStartWatch()
                    try channel.pipeline.syncOperations.addHandler(watch)
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    try channel.pipeline.syncOperations.addHandler(
                        CollectorHandler(
                            intake: intake, settings: settings, limiter: limiter, gate: gate, watch: watch))
                }
            }
            .childChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: settings.listen.host, port: settings.listen.port).get()
        return CollectorServer(channel: channel, port: channel.localAddress?.port ?? settings.listen.port)
    }

    /// Returns when the server has stopped.
    public func waitUntilStopped() async throws {
        try await channel.closeFuture.get()
    }

    /// Stops accepting connections.
    public func stop() async {
        try? await channel.close()
    }
}
