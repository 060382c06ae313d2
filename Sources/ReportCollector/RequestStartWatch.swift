import NIOCore

/// Sits below the HTTP decoder and notes whether bytes of a request have arrived since the last answer: a sender
/// still dribbling its headers has no request head yet, and without this the deadline could only close on it. It
/// answers such a sender `408` itself, in raw HTTP/1.1, since no request exists above it to answer.
final class RequestStartWatch: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    /// Bytes arrived since the last ``answered()``.
    private(set) var started = false
    private var context: ChannelHandlerContext?

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }
    func handlerRemoved(context: ChannelHandlerContext) { self.context = nil }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if unwrapInboundIn(data).readableBytes > 0 { started = true }
        context.fireChannelRead(data)
    }

    /// The request before was answered: what arrives next starts another.
    func answered() { started = false }

    /// `408` written straight to the wire (under TLS when the connection has it), then the connection closed.
    func timeOut(seconds: Double) {
        guard let context else { return }
        let text = "the request's headers took longer than \(seconds) seconds\n"
        var buffer = context.channel.allocator.buffer(capacity: 160 + text.utf8.count)
        buffer.writeString(
            "HTTP/1.1 408 Request Timeout\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: "
                + "\(text.utf8.count)\r\nConnection: close\r\n\r\n" + text)
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapInboundOut(buffer)).whenComplete { _ in bound.value.close(promise: nil) }
    }
}
