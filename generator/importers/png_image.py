"""Read a variant's map image safely: size from the header first, then decode.

A PNG says its width and height in its first 24 bytes (the IHDR chunk), so a
10 KB file claiming 9000 x 9000 pixels is refused before Pillow allocates
gigabytes for it. Browsers show PNGs whose chunk checksums are wrong (Viking's
interactive map has one); Pillow refuses them unless told to skip the check, so
a file that fails only its checksums is decoded with the check off, and the
caller is told.

What the importer does with an image costs in proportion to its pixels and to the
borders between its colours (every border is traced, every area sorted), and a PNG
of a few kilobytes can hold many millions of either. So both are bounded by what a
flat-colour interactive map needs: the largest webDiplomacy draws (Divided States)
is 4480 x 2304 = 10.3 million pixels with 447,000 colour changes between neighbouring
pixels, the others at most 7 million and 430,000; MAX_PIXELS and MAX_BORDER leave
room above those.
"""
from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

MAX_PIXELS = 12_000_000        # 4000 x 3000
MAX_BORDER = 1_000_000         # neighbouring pixels (side by side or one above the other) of two colours
MAX_FILE_BYTES = 256 * 2**20    # far above a flat-colour map at the pixel limit (they compress well)
_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class ImageProblem(ValueError):
    """The image cannot be used; the message says why."""


def png_size(path: Path) -> tuple[int, int]:
    """(width, height) from a PNG's header, without decoding it."""
    with path.open("rb") as f:
        head = f.read(33)
    if len(head) < 24 or not head.startswith(_SIGNATURE) or head[12:16] != b"IHDR":
        raise ImageProblem("is not a PNG image (no PNG signature and header)")
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def load_rgb(path: Path, max_pixels: int = MAX_PIXELS):
    """The image as a read-only (H, W, 3) uint8 array, and a note when its checksums were wrong.

    Raises ImageProblem for a file that is not a PNG, claims too many pixels, or
    cannot be decoded."""
    from PIL import Image

    if path.stat().st_size > MAX_FILE_BYTES:      # read whole to repair its checksums: bounded
        raise ImageProblem(f"is larger than {MAX_FILE_BYTES // 2**20} MiB")
    width, height = png_size(path)
    if width == 0 or height == 0 or width * height > max_pixels:
        raise ImageProblem(f"claims {width} x {height} pixels (limit {max_pixels:,} pixels; the largest "
                           "webDiplomacy map has 10.3 million)")
    note = None
    try:
        with Image.open(path) as im:
            rgb = _pixels(im)
    except (SyntaxError, OSError, ValueError) as first:
        repaired, fixed = _repair_checksums(path.read_bytes())
        if not fixed:
            raise ImageProblem(f"cannot be decoded ({first})") from first
        try:
            with Image.open(io.BytesIO(repaired)) as im:
                rgb = _pixels(im)
        except (SyntaxError, OSError, ValueError) as exc:
            raise ImageProblem(f"cannot be decoded ({exc})") from first
        note = (f"has {fixed} chunk(s) with a wrong checksum ({', '.join(sorted(set(fixed_names(repaired, path))))}); "
                "read as a browser shows it")
    if rgb.shape[0] != height or rgb.shape[1] != width:
        raise ImageProblem("decodes to another size than its header says")
    border = colour_border(rgb)
    if border > MAX_BORDER:
        raise ImageProblem(f"changes colour between {border:,} pairs of neighbouring pixels (limit "
                           f"{MAX_BORDER:,}; a flat-colour map has at most about 450,000): it is no flat-colour map "
                           "(a photograph, a dithered or anti-aliased image?)")
    return rgb, note


def _pixels(im):
    """The decoded image as a read-only (H, W, 3) uint8 array over Pillow's own bytes
    (no conversion when it is RGB already, no second copy)."""
    import numpy as np
    return np.asarray(im if im.mode == "RGB" else im.convert("RGB"))


def colour_codes(rgb):
    """Each pixel's colour as one number, 0xRRGGBB (int32), built in place: no
    temporary wider than the result."""
    import numpy as np
    codes = rgb[..., 0].astype(np.int32)
    for channel in (1, 2):
        codes <<= 8
        codes |= rgb[..., channel]
    return codes


def colour_border(rgb) -> int:
    """How many pairs of neighbouring pixels (4-neighbours) differ in colour, counted a
    band of rows at a time (temporary arrays of a few bytes a pixel of the band), on
    colour codes (one comparison a pair, not three and a reduction)."""
    import numpy as np
    total, band = 0, max(1, 1_000_000 // max(1, rgb.shape[1]))
    for top in range(0, rgb.shape[0], band):
        codes = colour_codes(rgb[top:top + band + 1])     # one row more: the pairs across bands
        total += int(np.count_nonzero(codes[:band, 1:] != codes[:band, :-1]))
        total += int(np.count_nonzero(codes[1:] != codes[:-1]))
    return total


def _chunks(data: bytes):
    """(type, body, stored crc) of each chunk of PNG bytes; stops at IEND or a truncated chunk."""
    pos = len(_SIGNATURE)
    while pos + 12 <= len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        end = pos + 12 + length
        if end > len(data):
            return
        kind = data[pos + 4:pos + 8]
        yield kind, data[pos + 8:pos + 8 + length], struct.unpack(">I", data[end - 4:end])[0]
        pos = end
        if kind == b"IEND":
            return


def _repair_checksums(data: bytes) -> tuple[bytes, int]:
    """The PNG with every chunk's checksum recomputed, and how many were wrong."""
    out = [_SIGNATURE]
    wrong = 0
    for kind, body, crc in _chunks(data):
        good = zlib.crc32(kind + body) & 0xFFFFFFFF
        wrong += good != crc
        out.append(struct.pack(">I", len(body)) + kind + body + struct.pack(">I", good))
    return b"".join(out), wrong


def fixed_names(_repaired: bytes, path: Path) -> list[str]:
    """Names of the chunks whose stored checksum is wrong."""
    return [kind.decode("latin-1") for kind, body, crc in _chunks(path.read_bytes())
            if zlib.crc32(kind + body) & 0xFFFFFFFF != crc]
