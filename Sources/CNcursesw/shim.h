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

#endif
