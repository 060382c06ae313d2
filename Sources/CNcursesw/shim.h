// The wide-character ncurses API for Swift.
//
// NCURSES_WIDECHAR must be defined before curses.h or get_wch, mvwaddnwstr and cchar_t disappear. Swift imports
// neither function-like macros nor the mutable globals (stdscr, COLS, LINES) under strict concurrency, so the
// ones the backend needs are wrapped here as static inline functions.
#ifndef PINBENCH_CNCURSESW_SHIM_H
#define PINBENCH_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <langinfo.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ncursesw/curses.h>

static inline attr_t pb_a_normal(void) { return A_NORMAL; }
static inline attr_t pb_a_bold(void) { return A_BOLD; }
static inline attr_t pb_a_reverse(void) { return A_REVERSE; }
static inline attr_t pb_a_underline(void) { return A_UNDERLINE; }
static inline attr_t pb_a_dim(void) { return A_DIM; }
static inline attr_t pb_a_italic(void) { return A_ITALIC; }

static inline WINDOW *pb_stdscr(void) { return stdscr; }
static inline int pb_lines(void) { return LINES; }
static inline int pb_cols(void) { return COLS; }
static inline int pb_colors(void) { return COLORS; }
static inline int pb_color_pairs(void) { return COLOR_PAIRS; }

static inline int pb_getmaxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int pb_getmaxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }

/// Writes one wide character with attributes and a colour pair at (y, x); the cell keeps the attributes.
static inline int pb_put_wch(WINDOW *w, int y, int x, wchar_t ch, attr_t attrs, short pair) {
    cchar_t cell;
    wchar_t text[2] = { ch, L'\0' };
    setcchar(&cell, text, attrs, pair, NULL);
    return mvwadd_wch(w, y, x, &cell);
}

/// Writes a run of wide characters sharing one style, starting at (y, x).
static inline int pb_put_wstr(WINDOW *w, int y, int x, const wchar_t *text, int n, attr_t attrs, short pair) {
    wattr_set(w, attrs, pair, NULL);
    int rc = mvwaddnwstr(w, y, x, text, n);
    wattr_set(w, A_NORMAL, 0, NULL);
    return rc;
}

static inline int pb_set_all_locale(void) { return setlocale(LC_ALL, "") != NULL; }

/// newterm on the process's stdout/stdin (globals Swift 6 will not touch); NULL instead of exiting on failure.
static inline SCREEN *pb_newterm(void) { return newterm(NULL, stdout, stdin); }

/// The function-key code for F<n> (KEY_F is a function-like macro).
static inline int pb_key_f(int n) { return KEY_F(n); }

/// True when the locale set from the environment encodes characters as UTF-8 (what ncurses itself checks): without
/// it, box lines and marker glyphs cannot be shown and the workbench draws their ASCII fallbacks.
static inline int pb_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

/// True when `sig` is ignored (SIGTSTP under a shell without job control).
static inline int pb_signal_is_ignored(int sig) {
    struct sigaction action;
    if (sigaction(sig, NULL, &action) != 0) return 0;
    return !(action.sa_flags & SA_SIGINFO) && action.sa_handler == SIG_IGN;
}

/// Makes the next refresh repaint every cell (after the shell had the terminal during a suspend).
static inline void pb_repaint_all_next_refresh(void) { clearok(curscr, TRUE); }

/// Adopts the terminal's size if it changed while ncurses was not looking (resized while suspended: the SIGWINCH
/// went to the shell). Returns 1 when the size changed.
static inline int pb_adopt_terminal_size(void) {
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return 0;
    if (!is_term_resized(ws.ws_row, ws.ws_col)) return 0;
    resizeterm(ws.ws_row, ws.ws_col);
    return 1;
}

/// The mouse events the workbench uses: left button presses and the wheel (buttons 4 and 5).
static inline mmask_t pb_mouse_events(void) { return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline int pb_mouse_is_press(mmask_t state) { return (state & BUTTON1_PRESSED) != 0; }
static inline int pb_mouse_is_wheel_up(mmask_t state) { return (state & BUTTON4_PRESSED) != 0; }
static inline int pb_mouse_is_wheel_down(mmask_t state) { return (state & BUTTON5_PRESSED) != 0; }

#endif
