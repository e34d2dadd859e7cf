"""Draws public/favicon.ico and apple-touch-icon.png from the logo's shapes (same as favicon.svg).

Run once when the mark changes: python3 scripts/make-icons.py. No image library needed.
"""
import struct, zlib, math, os

ACCENT = (0x4F, 0x46, 0xE5)

def inside(x, y):
    """Colour at (x, y) in the 32-unit design space, or None outside the tile."""
    # rounded tile, radius 8
    r = 8
    cx = min(max(x, r), 32 - r); cy = min(max(y, r), 32 - r)
    if (x - cx) ** 2 + (y - cy) ** 2 > r * r or not (0 <= x <= 32 and 0 <= y <= 32):
        return None
    white = (255, 255, 255)
    if (x - 10) ** 2 + (y - 10) ** 2 <= 16:
        return white
    if 7 <= x <= 25 and 23 <= y <= 26:
        return white
    # beam triangle (11.5,11.5) (25,23.5) (16,23.5)
    def side(ax, ay, bx, by):
        return (bx - ax) * (y - ay) - (by - ay) * (x - ax)
    d1 = side(11.5, 11.5, 25, 23.5); d2 = side(25, 23.5, 16, 23.5); d3 = side(16, 23.5, 11.5, 11.5)
    if (d1 >= 0 and d2 >= 0 and d3 >= 0) or (d1 <= 0 and d2 <= 0 and d3 <= 0):
        a = 0.38
        return tuple(round(c * (1 - a) + 255 * a) for c in ACCENT)
    return ACCENT

def png(size, ss=4):
    rows = []
    for py in range(size):
        row = bytearray([0])
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(ss):
                for sx in range(ss):
                    x = (px + (sx + 0.5) / ss) * 32 / size
                    y = (py + (sy + 0.5) / ss) * 32 / size
                    c = inside(x, y)
                    if c:
                        acc[0] += c[0]; acc[1] += c[1]; acc[2] += c[2]; acc[3] += 1
            n = acc[3]
            row += bytes([acc[0] // n, acc[1] // n, acc[2] // n, 255 * n // (ss * ss)] if n else [0, 0, 0, 0])
        rows.append(bytes(row))
    def chunk(tag, data):
        return struct.pack('>I', len(data)) + tag + data + struct.pack('>I', zlib.crc32(tag + data) & 0xFFFFFFFF)
    ihdr = struct.pack('>IIBBBBB', size, size, 8, 6, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b'')

def ico(sizes):
    images = [png(s) for s in sizes]
    header = struct.pack('<HHH', 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries = b''
    for s, data in zip(sizes, images):
        entries += struct.pack('<BBBBHHII', s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return header + entries + b''.join(images)

here = os.path.join(os.path.dirname(__file__), '..', 'public')
open(os.path.join(here, 'favicon.ico'), 'wb').write(ico([16, 32, 48]))
open(os.path.join(here, 'apple-touch-icon.png'), 'wb').write(png(180, 2))
