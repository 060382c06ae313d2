import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import PinningCore
import PinningNIO

/// A TLS handshake through PinningNIO against a loopback server: what a service's client would see.
enum PinnedHandshake {
    /// Report-only and lapsed verdicts delivered to the caller's handler.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var verdicts: [Verdict] = []
        func add(_ verdict: Verdict) {
            lock.lock()
            verdicts.append(verdict)
            lock.unlock()
        }
        var all: [Verdict] {
            lock.lock()
            defer { lock.unlock() }
            return verdicts
        }
    }

    /// Completes when the handshake completes, or with the first error the pipeline passes on.
    final class Waiter: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = NIOAny
        let promise: EventLoopPromise<Void>
        init(promise: EventLoopPromise<Void>) { self.promise = promise }
        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case TLSUserEvent.handshakeCompleted = event { promise.succeed(()) }
            context.fireUserInboundEventTriggered(event)
        }
        func errorCaught(context: ChannelHandlerContext, error: Error) {
            promise.fail(error)
            context.close(promise: nil)
        }
        func channelInactive(context: ChannelHandlerContext) {
            promise.fail(ChannelError.eof)
        }
    }

    /// Connects to 127.0.0.1:`port` with SNI `host`; the handshake's result and the verifier that judged it.
    static func run(
        host: String, port: Int, policy: PinningPolicy, reports: Reports = Reports()
    ) async
        -> (result: Result<Void, Error>, verifier: PinningVerifier)
    {
        let verifier = PinningVerifier(host: host, policy: policy, onReport: { reports.add($0) })
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let promise = loop.makePromise(of: Void.self)
        do {
            let context = try NIOSSLContext(configuration: .makeClientConfiguration())
            let channel = try await ClientBootstrap(group: loop)
                .connectTimeout(.seconds(30))
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try PinnedTLS.addHandlers(
                            to: channel.pipeline.syncOperations, context: context, verifier: verifier)
                        try channel.pipeline.syncOperations.addHandler(Waiter(promise: promise))
                    }
                }
                .connect(host: "127.0.0.1", port: port).get()
            let deadline = loop.scheduleTask(in: .seconds(60)) {
                promise.fail(ChannelError.connectTimeout(.seconds(60)))
            }
            defer {
                deadline.cancel()
                channel.close(promise: nil)
            }
            try await promise.futureResult.get()
            return (.success(()), verifier)
        } catch {
            promise.fail(error)
            return (.failure(error), verifier)
        }
    }
}
