import CSystemCalls
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if os(Linux)
    /// How ``ProcessRunner`` starts a process on Linux: `posix_spawn` with no inherited descriptors but the three
    /// standard ones, a clean signal mask, and `waitpid` on the calling thread.
    ///
    /// Foundation's `Process` is wrong for a test suite that runs many processes at once, in three ways:
    /// - It watches a child through a socket the child inherits, on one manager thread for the whole process. A
    ///   daemon forked from the child (the first `tmux` command starts the tmux server) keeps that socket open, so
    ///   the child is never seen to exit.
    /// - It closes the other descriptors in the child from a list made before it spawns, so a socket or pipe that
    ///   another test thread opens in between leaks into the child. A long-lived child (a lab, `s_server`) that
    ///   inherited a short-lived child's socket hides that child's exit until the long-lived one ends: under a
    ///   loaded suite, `openssl ocsp` runs were seen to "time out" after 60 s that way.
    /// - It spawns with the calling thread's signal mask, which on a Swift concurrency thread blocks SIGCHLD,
    ///   SIGTERM, SIGWINCH and more: a tmux server started that way never notices its panes exit.
    ///
    /// Here every descriptor from 3 up is closed in the child by the kernel at exec (`closefrom` as a spawn action),
    /// the pipes are close-on-exec in this process so no other child inherits them, and the child's exit is read
    /// with `waitpid`, with no shared thread in between.
    enum CleanSpawn {
        struct Request {
            let executable: String
            let arguments: [String]
            let environment: [String: String]?
            let directory: URL?
            let input: Data?
            let timeout: TimeInterval
        }

        static func run(_ request: Request) throws -> ProcessRunner.Result {
            let pipes = try Pipes(withInput: request.input != nil)
            defer { pipes.closeParentEnds() }
            let pid = try spawn(request, pipes)
            if let input = request.input { startWriting(input, to: pipes.inputWrite) }
            let deadline = Date().addingTimeInterval(request.timeout)
            let (out, err) = drain(pipes.outputRead, pipes.errorRead, until: deadline)
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() >= deadline {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    throw ProcessRunner.ProcessFailure(
                        status: -1,
                        stderr: "timed out after \(request.timeout) s: \(request.executable) \(request.arguments)")
                }
                usleep(1_000)
            }
            let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return ProcessRunner.Result(status: exitStatus, stdout: out, stderr: err)
        }

        /// The child's standard descriptors: close-on-exec pipes (each dup'ed onto 0, 1, 2 in the child only).
        private final class Pipes {
            var inputRead: Int32 = -1
            var inputWrite: Int32 = -1
            var outputRead: Int32 = -1
            var outputWrite: Int32 = -1
            var errorRead: Int32 = -1
            var errorWrite: Int32 = -1

            init(withInput: Bool) throws {
                var output: [Int32] = [-1, -1]
                var error: [Int32] = [-1, -1]
                var input: [Int32] = [-1, -1]
                guard pb_pipe_cloexec(&output) == 0, pb_pipe_cloexec(&error) == 0,
                    !withInput || pb_pipe_cloexec(&input) == 0
                else {
                    let reason = String(cString: strerror(errno))
                    for fd in output + error + input where fd >= 0 { close(fd) }
                    throw ProcessRunner.ProcessFailure(status: -1, stderr: "pipe: \(reason)")
                }
                (outputRead, outputWrite) = (output[0], output[1])
                (errorRead, errorWrite) = (error[0], error[1])
                (inputRead, inputWrite) = (input[0], input[1])
            }

            /// The ends only the child uses, closed here once it has them.
            func closeChildEnds() {
                for fd in [inputRead, outputWrite, errorWrite] where fd >= 0 { close(fd) }
                (inputRead, outputWrite, errorWrite) = (-1, -1, -1)
            }

            func closeParentEnds() {
                for fd in [outputRead, errorRead] where fd >= 0 { close(fd) }
            }
        }

        private static func spawn(_ request: Request, _ pipes: Pipes) throws -> pid_t {
            guard let closeFrom = closeFromAction, let changeDirectory = changeDirectoryAction else {
                throw ProcessRunner.ProcessFailure(
                    status: -1, stderr: "this C library lacks posix_spawn_file_actions_addclosefrom_np or _addchdir_np")
            }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if pipes.inputRead >= 0 {
                posix_spawn_file_actions_adddup2(&actions, pipes.inputRead, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, pipes.outputWrite, 1)
            posix_spawn_file_actions_adddup2(&actions, pipes.errorWrite, 2)
            _ = closeFrom(&actions, 3)
            if let directory = request.directory { _ = changeDirectory(&actions, directory.path) }

            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t()
            sigemptyset(&none)
            var all = sigset_t()
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            let argv = ([request.executable] + request.arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            let environment = request.environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
            defer { for pointer in environment ?? [] { free(pointer) } }
            var pid: pid_t = 0
            let spawned: Int32 =
                if let environment {
                    posix_spawn(&pid, request.executable, &actions, &attributes, argv, environment)
                } else {
                    posix_spawn(&pid, request.executable, &actions, &attributes, argv, environ)
                }
            pipes.closeChildEnds()
            guard spawned == 0 else {
                if pipes.inputWrite >= 0 { close(pipes.inputWrite) }
                throw ProcessRunner.ProcessFailure(
                    status: -1, stderr: "spawn \(request.executable): \(String(cString: strerror(spawned)))")
            }
            return pid
        }

        /// Writes `input` and closes the pipe on a thread of its own, so a child that reads its input slowly (or
        /// not at all) never blocks the drain of its output. A child that exits unread gets EPIPE, not SIGPIPE.
        private static func startWriting(_ input: Data, to fd: Int32) {
            _ = ignoreBrokenPipes
            let thread = Thread {
                input.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                        if written > 0 {
                            offset += written
                        } else if written < 0 && errno != EINTR {
                            break
                        }
                    }
                }
                close(fd)
            }
            thread.name = "pinbench.test.stdin"
            thread.start()
        }

        private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time: Swift does
        /// not import it from <spawn.h>.
        private static let closeFromAction:
            (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
                guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
                return unsafeBitCast(
                    symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
                )
            }()

        /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), looked up the same way.
        private static let changeDirectoryAction:
            (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
                guard let symbol = dlsym(nil, "posix_spawn_file_actions_addchdir_np") else { return nil }
                return unsafeBitCast(
                    symbol,
                    to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) ->
                        Int32)
                        .self)
            }()

        /// Reads two descriptors until both reach end of file or `deadline` passes.
        private static func drain(_ first: Int32, _ second: Int32, until deadline: Date) -> (Data, Data) {
            var collected = [Data(), Data()]
            var fds = [
                pollfd(fd: first, events: Int16(POLLIN), revents: 0),
                pollfd(fd: second, events: Int16(POLLIN), revents: 0),
            ]
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while fds.contains(where: { $0.fd >= 0 }), Date() < deadline {
                guard poll(&fds, nfds_t(fds.count), 50) > 0 else { continue }
                for index in fds.indices where fds[index].fd >= 0 && fds[index].revents != 0 {
                    let count = read(fds[index].fd, &buffer, buffer.count)
                    if count > 0 {
                        collected[index].append(contentsOf: buffer[0..<count])
                    } else if count == 0 || errno != EINTR {
                        fds[index].fd = -1  // poll ignores negative descriptors
                    }
                }
            }
            return (collected[0], collected[1])
        }
    }
#endif
