import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import PinningCore
import PinningNIO

/// What came back: the response head, the body's size, and the verdict that let the connection through.
struct FetchOutcome: Sendable {
    let head: HTTPResponseHead
    let bodyBytes: Int
    let verdict: Verdict?
}

/// One GET over a pinned TLS connection, under one deadline for connect, handshake and response.
enum HTTPSFetcher {
    static func fetch(_ request: FetchRequest, policy: PinningPolicy) async throws -> FetchOutcome {
        let group = MultiThreadedEventLoopGroup.singleton
        let verifier = PinningVerifier(
            host: request.host, policy: policy,
            onReport: { verdict in
                for line in verdict.reportLines { FetchCommand.stderr("report: " + line.terminalSafe) }
            })
        let context: NIOSSLContext
        do {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.minimumTLSVersion = .tlsv12
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            throw FetchFailure("cannot set up TLS: \(error)")
        }
        let loop = group.next()
        let promise = loop.makePromise(of: FetchOutcome.self)
        let collector = ResponseCollector(promise: promise, verifier: verifier)
        let bootstrap = ClientBootstrap(group: loop)
            .connectTimeout(request.timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try PinnedTLS.addHandlers(to: channel.pipeline.syncOperations, context: context, verifier: verifier)
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    try channel.pipeline.syncOperations.addHandler(collector)
                }
            }
        let deadline = loop.scheduleTask(in: request.timeout) {
            promise.fail(FetchFailure("no response within \(request.timeout.nanoseconds / 1_000_000) ms"))
        }
        defer { deadline.cancel() }
        let channel: Channel
        do {
            channel = try await bootstrap.connect(host: request.dialHost, port: request.dialPort).get()
        } catch {
            throw FetchFailure("cannot connect to \(request.dialHost):\(request.dialPort): \(error)")
        }
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: request.path)
        head.headers.add(name: "Host", value: request.port == 443 ? request.host : "\(request.host):\(request.port)")
        head.headers.add(name: "User-Agent", value: "pinbench-fetch")
        head.headers.add(name: "Connection", value: "close")
        channel.write(HTTPClientRequestPart.head(head), promise: nil)
        channel.writeAndFlush(HTTPClientRequestPart.end(nil), promise: nil)
        defer { channel.close(promise: nil) }
        do {
            return try await promise.futureResult.get()
        } catch let rejection as PinningRejection {
            throw rejection
        } catch let failure as FetchFailure {
            throw failure
        } catch {
            throw FetchFailure("the request failed: \(error)")
        }
    }
}

/// Collects the response; completes the promise with it, or with the first error (a pinning rejection included).
final class ResponseCollector: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPClientResponsePart

    private let promise: EventLoopPromise<FetchOutcome>
    private let verifier: PinningVerifier
    private var head: HTTPResponseHead?
    private var bodyBytes = 0

    init(promise: EventLoopPromise<FetchOutcome>, verifier: PinningVerifier) {
        self.promise = promise
        self.verifier = verifier
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let responseHead): head = responseHead
        case .body(let buffer): bodyBytes += buffer.readableBytes
        case .end:
            if let head {
                promise.succeed(FetchOutcome(head: head, bodyBytes: bodyBytes, verdict: verifier.verdict))
            } else {
                promise.fail(FetchFailure("the response ended before its status line"))
            }
            context.close(promise: nil)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(FetchFailure("the server closed the connection before a whole response"))
        context.fireChannelInactive()
    }
}
