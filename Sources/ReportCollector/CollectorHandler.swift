import Foundation
import NIOCore
import NIOHTTP1

/// One connection's requests: every method but POST refused, every bound checked as the bytes arrive (headers,
/// body, the request's deadline, the source's rate), and a complete body handed to ``ReportIntake``, whose answer
/// is written only once the reports are stored.
///
/// A request refused before its end is answered at once; the rest of its body is read and dropped (never kept), and
/// the connection closed at its end or at the deadline, so the sender reads the answer instead of a reset.
final class CollectorHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum State {
        /// Between requests.
        case idle
        /// Reading a request's body.
        case reading(HTTPRequestHead, ByteBuffer)
        /// Answered already: dropping the rest of the request, then closing.
        case discarding
        /// The intake has the body; the answer comes when it is stored.
        case processing
    }

    private let intake: ReportIntake
    private let settings: CollectorSettings
    private let limiter: RateLimiter?
    private let gate: ConnectionGate
    private let watch: RequestStartWatch?
    private var state = State.idle
    private var deadline: Scheduled<Void>?
    private var admitted = false

    init(
        intake: ReportIntake, settings: CollectorSettings, limiter: RateLimiter?, gate: ConnectionGate,
        watch: RequestStartWatch? = nil
    ) {
        self.watch = watch
        self.intake = intake
        self.settings = settings
        self.limiter = limiter
        self.gate = gate
    }

    func channelActive(context: ChannelHandlerContext) {
        admitted = gate.enter()
        guard admitted else {
            context.close(promise: nil)
            return
        }
        armDeadline(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        if admitted { gate.leave() }
        admitted = false
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            guard case .idle = state else { return }
            start(context, head)
        case .body(var chunk):
            guard case .reading(let head, var body) = state else { return }
            guard body.readableBytes + chunk.readableBytes <= settings.limits.bodyBytes else {
                refuse(
                    context, head, 413,
                    "the body passes \(settings.limits.bodyBytes) bytes; a report may be at most that")
                return
            }
            state = .processing  // Let go of the buffer's reference before writing, so it is not copied.
            body.writeBuffer(&chunk)
            state = .reading(head, body)
        case .end:
            switch state {
            case .discarding:
                context.close(promise: nil)
            case .reading(let head, let body):
                state = .processing
                deadline?.cancel()
                process(context, head, body)
            default:
                break
            }
        }
    }

    private func start(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        guard head.method == .POST else {
            refuse(context, head, 405, "send reports with POST", extra: [("Allow", "POST")])
            return
        }
        let headerBytes = head.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        guard headerBytes <= settings.maxHeaderBytes else {
            refuse(context, head, 431, "the headers pass \(settings.maxHeaderBytes) bytes")
            return
        }
        if let limiter, let rate = settings.ratePerSecond, rate > 0 {
            let source = ClientAddress.source(
                peer: context.channel.remoteAddress?.ipAddress ?? "unknown",
                forwardedFor: settings.trustedProxies.isEmpty ? [] : head.headers["X-Forwarded-For"],
                trusted: settings.trustedProxies)
            let exempt = settings.exemptLoopback && ListenAddress.isLoopback(source)
            if !exempt, !limiter.allow(source, now: Double(NIODeadline.now().uptimeNanoseconds) / 1e9) {
                refuse(
                    context, head, 429, "too many reports from this address; slow down", extra: [("Retry-After", "1")])
                return
            }
        }
        let declared = head.headers.first(name: "content-length").flatMap(Int.init)
        if let declared, declared > settings.limits.bodyBytes {
            refuse(
                context, head, 413,
                "the body is \(declared) bytes; a report may be at most \(settings.limits.bodyBytes)")
            return
        }
        let capacity = min(declared ?? 4_096, settings.limits.bodyBytes)
        state = .reading(head, context.channel.allocator.buffer(capacity: capacity))
    }

    private func process(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ body: ByteBuffer) {
        let bytes = Array(body.readableBytesView)
        let intake = self.intake
        let promise = context.eventLoop.makePromise(of: ReportIntake.Answer.self)
        promise.completeWithTask { await intake.take(bytes, at: Date()) }
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        promise.futureResult.whenSuccess { answer in
            let (handler, context) = bound.value
            let keepAlive = head.isKeepAlive
            handler.state = keepAlive ? .idle : .discarding
            handler.watch?.answered()
            handler.write(
                context, head, answer.status, answer.text, close: !keepAlive,
                extra: answer.status == 503 ? [("Retry-After", "5")] : [])
            if keepAlive { handler.armDeadline(context) }
        }
    }

    /// Answers now and drops the rest of the request.
    private func refuse(
        _ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ status: Int, _ text: String,
        extra: [(String, String)] = []
    ) {
        state = .discarding
        write(context, head, status, text, close: false, extra: extra + [("Connection", "close")])
    }

    private func write(
        _ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ status: Int, _ text: String, close: Bool,
        extra: [(String, String)] = []
    ) {
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count + 1)
        buffer.writeString(text + "\n")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: String(buffer.readableBytes))
        for (name, value) in extra { headers.add(name: name, value: value) }
        if close, !headers.contains(name: "Connection") { headers.add(name: "Connection", value: "close") }
        let response = HTTPResponseHead(
            version: head.version, status: HTTPResponseStatus(statusCode: status), headers: headers)
        context.write(wrapOutboundOut(.head(response)), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if close {
            let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
            written.whenComplete { _ in bound.value.close(promise: nil) }
        }
    }

    /// The next request must be complete within the deadline: otherwise 408 (when one had begun) and close.
    private func armDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: .milliseconds(Int64(settings.requestDeadline * 1_000))) {
            let (handler, context) = bound.value
            switch handler.state {
            case .processing:
                return
            case .reading(let head, _):
                handler.state = .discarding
                handler.write(
                    context, head, 408, "the request took longer than \(handler.settings.requestDeadline) seconds",
                    close: true)
            case .idle where handler.watch?.started == true:
                // Headers still arriving: no request head to answer yet, so the watch below answers raw.
                handler.state = .discarding
                handler.watch?.timeOut(seconds: handler.settings.requestDeadline)
            case .idle, .discarding:
                context.close(promise: nil)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

/// Counts open connections against ``CollectorSettings/maxConnections``. Safe to share between event loops.
final class ConnectionGate: @unchecked Sendable {
    // @unchecked: `open` is read and written with `lock` held.
    private let lock = NSLock()
    private var open = 0
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    func enter() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard open < limit else { return false }
        open += 1
        return true
    }

    func leave() {
        lock.lock()
        defer { lock.unlock() }
        open -= 1
    }
}
