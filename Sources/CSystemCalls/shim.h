// C library calls that Swift's Glibc module does not export: glibc declares them only under _GNU_SOURCE or in
// headers the module leaves out.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>
#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

#if defined(__linux__)
int accept4(int, struct sockaddr *, socklen_t *, int);
int pipe2(int[2], int);
#endif

// Descriptors that are close-on-exec from the moment they exist. Setting FD_CLOEXEC afterwards leaves a window in
// which a process spawned by another thread inherits the descriptor for its whole life (a listener it keeps open,
// a pipe end that never reports end of file).

/// A TCP socket of `family` (AF_INET or AF_INET6), close-on-exec.
static inline int pb_tcp_socket_cloexec(int family) {
#if defined(SOCK_CLOEXEC)
    return socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
#else
    int fd = socket(family, SOCK_STREAM, 0);
    if (fd >= 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
#endif
}

/// accept(2) without the peer's address; the new descriptor is close-on-exec.
static inline int pb_accept_cloexec(int listener) {
#if defined(__linux__)
    return accept4(listener, 0, 0, SOCK_CLOEXEC);
#else
    int fd = accept(listener, 0, 0);
    if (fd >= 0) fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
#endif
}

/// pipe(2) with both ends close-on-exec.
static inline int pb_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

#include <pthread.h>
#if defined(__linux__)
int pthread_setname_np(pthread_t, const char *);
#endif

/// Names the calling thread (Linux shows at most 15 bytes) for ps, top and debuggers.
static inline int pb_set_current_thread_name(const char *name) {
#if defined(__linux__)
    return pthread_setname_np(pthread_self(), name);
#else
    return pthread_setname_np(name);
#endif
}

#if defined(__linux__)
int pthread_getname_np(pthread_t, char *, size_t);
#endif

/// The calling thread's name as the kernel holds it (what ps and top show), NUL-terminated in `buffer`.
static inline int pb_current_thread_name(char *buffer, size_t size) {
    return pthread_getname_np(pthread_self(), buffer, size);
}
