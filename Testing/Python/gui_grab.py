"""Saves a PNG of the whole X screen ($DISPLAY), or of one window, with Xlib
through ctypes and zlib only, so a GUI test can keep screenshots of
ParaView's main window with its panels (SaveScreenshot shows render views
only). Used from inside the GUI's Python shell: grab(path[, box]) ->
(width, height); find_window(title) -> (x, y, w, h) of the mapped top-level
window whose title matches the regular expression `title` (re.match);
resize_window(title, w, h) moves it to (0, 0) and sets its size. The window size is set this way, not by Qt's
-geometry, which Qt 6 ignores for ParaView's main window: so Qt 5 and Qt 6
screenshots come out the same size (there is no window manager on Xvfb, so
the X server applies the request as it is)."""
import ctypes
import re
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


def _xlib():
    x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11") or "libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XDefaultRootWindow.restype = ctypes.c_ulong
    x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
    x11.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                               ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                               ctypes.POINTER(ctypes.c_uint)]
    x11.XFetchName.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_char_p)]
    x11.XGetWindowAttributes.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_void_p]
    x11.XMoveResizeWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int,
                                      ctypes.c_uint, ctypes.c_uint]
    x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
    x11.XFree.argtypes = [ctypes.c_void_p]
    x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
    return x11


class _XAttrs(ctypes.Structure):
    # XWindowAttributes up to map_state (x, y, width, height, border_width, depth,
    # visual, root, class, bit_gravity, win_gravity, backing_store,
    # backing_planes, backing_pixel, save_under, colormap, map_installed, map_state).
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("width", ctypes.c_int),
                ("height", ctypes.c_int), ("border_width", ctypes.c_int), ("depth", ctypes.c_int),
                ("visual", ctypes.c_void_p), ("root", ctypes.c_ulong), ("c_class", ctypes.c_int),
                ("bit_gravity", ctypes.c_int), ("win_gravity", ctypes.c_int),
                ("backing_store", ctypes.c_int), ("backing_planes", ctypes.c_ulong),
                ("backing_pixel", ctypes.c_ulong), ("save_under", ctypes.c_int),
                ("colormap", ctypes.c_ulong), ("map_installed", ctypes.c_int),
                ("map_state", ctypes.c_int), ("rest", ctypes.c_byte * 128)]


def _windows(x11, display):
    """(window, title, attrs) of the root's mapped children, top-most last."""
    root = x11.XDefaultRootWindow(display)
    r, parent = ctypes.c_ulong(), ctypes.c_ulong()
    children, n = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    out = []
    if x11.XQueryTree(display, root, ctypes.byref(r), ctypes.byref(parent), ctypes.byref(children),
                      ctypes.byref(n)):
        for i in range(n.value):
            w = children[i]
            name = ctypes.c_char_p()
            title = ""
            if x11.XFetchName(display, w, ctypes.byref(name)) and name.value is not None:
                title = name.value.decode("utf-8", "replace")
                x11.XFree(name)
            attrs = _XAttrs()
            x11.XGetWindowAttributes(display, w, ctypes.byref(attrs))
            if attrs.map_state == 2:  # IsViewable
                out.append((w, title, attrs))
        if children:
            x11.XFree(children)
    return out


def find_window(title):
    """(x, y, width, height) of the top-most mapped top-level window whose
    title matches `title` (re.match), or None."""
    x11 = _xlib()
    display = x11.XOpenDisplay(None)
    if not display:
        raise RuntimeError("cannot open the X display")
    try:
        found = [a for _, t, a in _windows(x11, display) if re.match(title, t)]
        if not found:
            return None
        a = found[-1]
        return a.x, a.y, a.width, a.height
    finally:
        x11.XCloseDisplay(display)


def resize_window(title, width, height):
    """Moves the top-level window whose title matches `title` to (0, 0) at width x height;
    returns False when there is no such window."""
    x11 = _xlib()
    display = x11.XOpenDisplay(None)
    if not display:
        raise RuntimeError("cannot open the X display")
    try:
        found = [w for w, t, _ in _windows(x11, display) if re.match(title, t)]
        for w in found:
            x11.XMoveResizeWindow(display, w, 0, 0, width, height)
        x11.XSync(display, 0)
        return bool(found)
    finally:
        x11.XCloseDisplay(display)


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
