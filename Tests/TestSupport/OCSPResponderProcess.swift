import Foundation

/// An OCSP responder on 127.0.0.1: a small Python HTTP server that answers each POST with the response
/// `openssl ocsp` makes from an index file, so the live `--revocation ocsp` path is tested against openssl's
/// responses over real HTTP. `silent` accepts requests and never answers (the deadline path).
public final class OCSPResponderProcess: @unchecked Sendable {
    public let port: UInt16
    public var url: String { "http://127.0.0.1:\(port)/" }
    private let process = Process()
    private let folder = TemporaryFolder()

    static let script = """
        import sys, subprocess, http.server, time, tempfile, os
        index, ca, key, mode = sys.argv[1:5]
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                request = self.rfile.read(int(self.headers.get('Content-Length', 0)))
                if mode == 'silent':
                    time.sleep(60)
                    return
                with tempfile.TemporaryDirectory() as work:
                    open(os.path.join(work, 'req.der'), 'wb').write(request)
                    subprocess.run(['openssl', 'ocsp', '-index', index, '-rsigner', ca, '-rkey', key, '-CA', ca,
                        '-reqin', os.path.join(work, 'req.der'), '-respout', os.path.join(work, 'resp.der'),
                        '-ndays', '1'], check=True, capture_output=True)
                    body = open(os.path.join(work, 'resp.der'), 'rb').read()
                self.send_response(200)
                self.send_header('Content-Type', 'application/ocsp-response')
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def log_message(self, *arguments):
                pass
        server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), Handler)
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """

    /// Starts the responder; `indexPath` may be written after start (it is read per request).
    public init(indexPath: String, caPath: String, keyPath: String, silent: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script, indexPath, caPath, keyPath, silent ? "silent" : "answer"]
        process.standardInput = FileHandle.nullDevice
        let output = folder.write("stdout.txt", "")
        let errors = folder.write("stderr.txt", "")
        try FoundationLaunch.serialized { [process] in
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
            try process.run()
        }
        let end = Date().addingTimeInterval(60)
        while Date() < end {
            if let text = folder.read("stdout.txt"),
                let port = UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                self.port = port
                return
            }
            usleep(20_000)
        }
        _ = kill(process.processIdentifier, SIGKILL)
        throw OpenSSLServerError("the OCSP responder did not start: \(folder.read("stderr.txt") ?? "")")
    }

    deinit { stop() }

    public func stop() {
        guard process.isRunning else { return }
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
