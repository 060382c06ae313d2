#!/usr/bin/env python3
"""Render a tmux `capture-pane -p -e` dump to a PNG, the way a terminal would draw it.

Usage: render_screen.py CAPTURE.txt OUTPUT.png COLUMNS ROWS [TITLE]
pyte interprets the escape sequences; Pillow draws each cell with DejaVu Sans Mono.
"""
import sys

import pyte
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = "/usr/share/fonts/truetype/dejavu/"
FONT_SIZE = 16
PADDING = 12

# xterm's default 16-colour palette, plus the two defaults of a dark terminal.
PALETTE = {
    "black": (0, 0, 0), "red": (205, 49, 49), "green": (13, 188, 121), "brown": (229, 229, 16),
    "yellow": (229, 229, 16), "blue": (36, 114, 200), "magenta": (188, 63, 188), "cyan": (17, 168, 205),
    "white": (229, 229, 229), "brightblack": (102, 102, 102), "brightred": (241, 76, 76),
    "brightgreen": (35, 209, 139), "brightyellow": (245, 245, 67), "brightblue": (59, 142, 234),
    "brightmagenta": (214, 112, 214), "brightcyan": (41, 184, 219), "brightwhite": (255, 255, 255),
}
DEFAULT_FG = (220, 220, 220)
DEFAULT_BG = (24, 26, 33)


def colour(value, default):
    if value == "default":
        return default
    if value in PALETTE:
        return PALETTE[value]
    try:
        return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))
    except (ValueError, TypeError):
        return default


def main():
    capture_path, output_path, columns, rows = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(capture_path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    if text.endswith("\n"):
        text = text[:-1]
    screen = pyte.Screen(columns, rows)
    stream = pyte.Stream(screen)
    stream.feed(text.replace("\n", "\r\n"))

    regular = ImageFont.truetype(FONT_DIR + "DejaVuSansMono.ttf", FONT_SIZE)
    bold = ImageFont.truetype(FONT_DIR + "DejaVuSansMono-Bold.ttf", FONT_SIZE)
    left, top, right, bottom = regular.getbbox("M")
    cell_width = regular.getlength("M")
    cell_height = int(FONT_SIZE * 1.3)
    width = int(cell_width * columns) + 2 * PADDING
    height = cell_height * rows + 2 * PADDING
    image = Image.new("RGB", (width, height), DEFAULT_BG)
    draw = ImageDraw.Draw(image)
    for y in range(rows):
        line = screen.buffer[y]
        for x in range(columns):
            cell = line[x]
            fg = colour(cell.fg, DEFAULT_FG)
            bg = colour(cell.bg, DEFAULT_BG)
            if cell.reverse:
                fg, bg = bg, fg
            px = PADDING + x * cell_width
            py = PADDING + y * cell_height
            if bg != DEFAULT_BG:
                draw.rectangle([px, py, px + cell_width, py + cell_height], fill=bg)
            if cell.data and cell.data != " ":
                font = bold if cell.bold else regular
                draw.text((px, py + (cell_height - FONT_SIZE) // 2 - top // 2), cell.data, font=font, fill=fg)
            if cell.underscore:
                draw.line([px, py + cell_height - 2, px + cell_width, py + cell_height - 2], fill=fg)
    image.save(output_path)


if __name__ == "__main__":
    main()
