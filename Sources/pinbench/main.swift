// The entry point stays synchronous on purpose: the terminal UI must run its loop on the real main thread (see
// ARCHITECTURE.md, TerminalBackend: after a top-level await, ncurses misses SIGWINCH). Async commands are bridged
// in `CommandRunner`.
CommandRunner.main(PinBench.self)
