import CSystemCalls
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ProcessRunner {
    /// Runs a process that may leave a daemon behind (the first `tmux` command starts the tmux server), spawned
    /// with no inherited descriptors but stdout and stderr, and with a clean signal mask.
    ///
    /// Foundation's `Process` is wrong for that on Linux in two ways. It watches a child through a socket the child
    /// inherits, so a daemon forked from the child keeps that socket open and the child is never seen to exit:
    /// the run hangs. And it spawns with the calling thread's signal mask, which on a Swift concurrency thread
    /// blocks SIGCHLD, SIGTERM, SIGWINCH and more: a tmux server started that way never notices its panes exit,
    /// and the programs in them ignore SIGTERM and resizes.
    public static func runCleanly(
        _ executable: String, _ arguments: [String], timeout: TimeInterval = 20
    ) throws -> Result {
        #if os(Linux)
            return try spawnCleanly(executable, arguments, timeout: timeout)
        #else
            return try run(executable, arguments, timeout: timeout)  // Darwin's Process has neither problem
        #endif
    }

    #if os(Linux)
        private static func spawnCleanly(
            _ executable: String, _ arguments: [String], timeout: TimeInterval
        ) throws -> Result {
            guard let closeFrom = closeFromAction else {
                throw ProcessFailure(
                    status: -1, stderr: "this C library has no posix_spawn_file_actions_addclosefrom_np")
            }
            var stdoutPipe: [Int32] = [-1, -1]
            var stderrPipe: [Int32] = [-1, -1]
            guard pb_pipe_cloexec(&stdoutPipe) == 0, pb_pipe_cloexec(&stderrPipe) == 0 else {
                let reason = String(cString: strerror(errno))
                for fd in stdoutPipe + stderrPipe where fd >= 0 { close(fd) }
                throw ProcessFailure(status: -1, stderr: "pipe: \(reason)")
            }
            defer { for fd in [stdoutPipe[0], stderrPipe[0]] { close(fd) } }

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, stdoutPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, stderrPipe[1], 2)
            _ = closeFrom(&actions, 3)

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

            let argv = ([executable] + arguments).map { strdup($0) } + [nil]
            defer { for pointer in argv { free(pointer) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            close(stdoutPipe[1])
            close(stderrPipe[1])
            guard spawned == 0 else {
                throw ProcessFailure(status: -1, stderr: "spawn \(executable): \(String(cString: strerror(spawned)))")
            }

            let deadline = Date().addingTimeInterval(timeout)
            let (out, err) = drain(stdoutPipe[0], stderrPipe[0], until: deadline)
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if Date() >= deadline {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    throw ProcessFailure(status: -1, stderr: "timed out after \(timeout) s: \(executable) \(arguments)")
                }
                usleep(1_000)
            }
            let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            return Result(status: exitStatus, stdout: out, stderr: err)
        }

        /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), looked up at run time: Swift does not
        /// import it from <spawn.h>.
        private static let closeFromAction:
            (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
                guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
                return unsafeBitCast(
                    symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self
                )
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
    #endif
}
