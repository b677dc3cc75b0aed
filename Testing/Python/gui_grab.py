"""Saves a PNG of the whole X screen ($DISPLAY) with Xlib through ctypes and
zlib only, so a GUI test can keep screenshots of ParaView's main window with
its panels (SaveScreenshot shows render views only). Used from inside the
GUI's Python shell: grab(path) -> (width, height)."""
import ctypes
import ctypes.util
import struct
import zlib


class _XImage(ctypes.Structure):
    _fields_ = [("width", ctypes.c_int), ("height", ctypes.c_int), ("xoffset", ctypes.c_int),
                ("format", ctypes.c_int), ("data", ctypes.POINTER(ctypes.c_ubyte)),
                ("byte_order", ctypes.c_int), ("bitmap_unit", ctypes.c_int),
                ("bitmap_bit_order", ctypes.c_int), ("bitmap_pad", ctypes.c_int),
                ("depth", ctypes.c_int), ("bytes_per_line", ctypes.c_int),
                ("bits_per_pixel", ctypes.c_int), ("red_mask", ctypes.c_ulong),
                ("green_mask", ctypes.c_ulong), ("blue_mask", ctypes.c_ulong)]


class _XWindowAttributes(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("rest", ctypes.c_byte * 256)]


def grab(path, box=None):
    """Writes the screen (or box = (x, y, w, h)) to `path` as an RGB PNG."""
    x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p]
    x11.XGetImage.restype = ctypes.POINTER(_XImage)
    x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                              ctypes.c_uint, ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    x11.XDestroyImage = None  # a macro in Xlib; the image is freed with XFree below
    x11.XFree.argtypes = [ctypes.c_void_p]
    display = x11.XOpenDisplay(None)
    if not display:
        raise RuntimeError("cannot open the X display")
    try:
        root = x11.XDefaultRootWindow(display)
        attrs = _XWindowAttributes()
        x11.XGetWindowAttributes(display, root, ctypes.byref(attrs))
        x0, y0, w, h = box if box else (0, 0, attrs.width, attrs.height)
        image = x11.XGetImage(display, root, x0, y0, w, h, 0xFFFFFFFF, 2)  # ZPixmap
        if not image:
            raise RuntimeError("XGetImage failed")
        img = image.contents
        if img.bits_per_pixel != 32:
            raise RuntimeError("unsupported X visual: %d bits per pixel" % img.bits_per_pixel)
        raw = ctypes.string_at(img.data, img.bytes_per_line * h)
        rows = bytearray()
        for y in range(h):
            line = raw[y * img.bytes_per_line: y * img.bytes_per_line + 4 * w]
            rows.append(0)
            out = bytearray(3 * w)
            out[0::3] = line[2::4]  # BGRX (little-endian, masks ff0000 00ff00 0000ff)
            out[1::3] = line[1::4]
            out[2::3] = line[0::4]
            rows += out
        x11.XFree(img.data)
        x11.XFree(image)
    finally:
        x11.XCloseDisplay(display)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(bytes(rows), 6)))
        f.write(chunk(b"IEND", b""))
    return w, h
