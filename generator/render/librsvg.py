"""librsvg, GNOME's SVG renderer, drawing onto a cairocffi context.

The printable PDFs were drawn by CairoSVG, which lays out text letter by letter in
Python: most of a cold build's CPU went there (Divided States' adjacency sheets, the hex
maps' labels). librsvg draws the same page-sized SVGs in C, about four times faster, onto
the same Cairo PDF surface (so the metadata and the page sizes stay as print.py sets
them). No maintained Python binding draws onto cairocffi's contexts (PyGObject's needs
GObject introspection and pycairo), so the handful of C functions needed are declared
here for cffi, which cairocffi already depends on. When the library is not installed
(Debian: librsvg2-2), `available()` is False and print.py uses CairoSVG.

The SVG is given as data with no base file, so librsvg loads no other file or URL.
"""
from __future__ import annotations

import functools

_DECLARATIONS = """
typedef struct _RsvgHandle RsvgHandle;
typedef struct { unsigned int domain; int code; char *message; } GError;
typedef struct { double x; double y; double width; double height; } RsvgRectangle;
RsvgHandle *rsvg_handle_new_from_data(const unsigned char *data, size_t data_len, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
int rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *width, double *height);
int rsvg_handle_render_document(RsvgHandle *handle, void *cr, const RsvgRectangle *viewport, GError **error);
void g_object_unref(void *object);
void g_error_free(GError *error);
extern unsigned int rsvg_major_version;
extern unsigned int rsvg_minor_version;
extern unsigned int rsvg_micro_version;
"""
_NAMES = ("librsvg-2.so.2", "librsvg-2.so", "librsvg-2.2.dylib", "librsvg-2-2.dll", "rsvg-2")


class RsvgError(RuntimeError):
    """librsvg could not read or draw an SVG; the message is librsvg's."""


@functools.lru_cache(maxsize=1)
def _library():
    """(ffi, lib) or None when librsvg cannot be loaded, or is older than 2.52 (the
    first with the functions used here)."""
    try:
        from cffi import FFI
    except ImportError:
        return None
    ffi = FFI()
    ffi.cdef(_DECLARATIONS)
    for name in _NAMES:
        try:
            lib = ffi.dlopen(name)
            if (lib.rsvg_major_version, lib.rsvg_minor_version) >= (2, 52):
                return ffi, lib
        except (OSError, AttributeError):
            continue
    return None


def available() -> bool:
    return _library() is not None


def version() -> str:
    ffi, lib = _library()
    return f"{lib.rsvg_major_version}.{lib.rsvg_minor_version}.{lib.rsvg_micro_version}"


def _raise(ffi, lib, error, what: str):
    message = ffi.string(error[0].message).decode("utf-8", "replace") if error[0] != ffi.NULL else "unknown error"
    if error[0] != ffi.NULL:
        lib.g_error_free(error[0])
    raise RsvgError(f"librsvg could not {what}: {message}")


class Page:
    """One SVG document read by librsvg: its size in points (1/72 inch, as a PDF page
    is measured) and a way to draw it onto a cairocffi context."""

    def __init__(self, svg: bytes):
        ffi, lib = _library()
        self._ffi, self._lib = ffi, lib
        error = ffi.new("GError **")
        handle = lib.rsvg_handle_new_from_data(svg, len(svg), error)
        if handle == ffi.NULL:
            _raise(ffi, lib, error, "read the SVG")
        self._handle = ffi.gc(handle, lib.g_object_unref)
        lib.rsvg_handle_set_dpi(handle, 72.0)     # one "pixel" a point
        size = ffi.new("double[2]")
        if not lib.rsvg_handle_get_intrinsic_size_in_pixels(handle, size, size + 1):
            raise RsvgError("librsvg could not size the SVG: it needs a width and height in absolute units")
        self.width, self.height = size[0], size[1]

    def draw(self, context) -> None:
        """Draw onto `context` (a cairocffi.Context), filling (0, 0, width, height)."""
        ffi, lib = self._ffi, self._lib
        import cairocffi
        cr = ffi.cast("void *", int(cairocffi.ffi.cast("uintptr_t", context._pointer)))
        viewport = ffi.new("RsvgRectangle *", (0.0, 0.0, self.width, self.height))
        error = ffi.new("GError **")
        if not lib.rsvg_handle_render_document(self._handle, cr, viewport, error):
            _raise(ffi, lib, error, "draw the SVG")
