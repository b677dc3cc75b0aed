"""Closed forms the port and network tests check nec2c against (plain Python, no ParaView)."""
import math

EULER = 0.5772156649015329


def si(x):
    """Sine integral Si(x) by its power series (exact to ~1e-13 for x < 10)."""
    s, term, n = 0.0, x, 0
    while abs(term) > 1e-18 * max(1.0, abs(s)):
        s += term / (2 * n + 1)
        n += 1
        term *= -x * x / ((2 * n) * (2 * n + 1))
    return s


def ci(x):
    """Cosine integral Ci(x) by its power series."""
    s, term, n = 0.0, -x * x / 2, 1
    while abs(term) > 1e-18:
        s += term / (2 * n)
        n += 1
        term *= -x * x / ((2 * n - 1) * (2 * n))
    return EULER + math.log(x) + s


def z12_induced_emf(d):
    """Mutual impedance of side-by-side half-wave dipoles d wavelengths apart (ohm), induced EMF."""
    k, l = 2 * math.pi, 0.5
    u0, u1, u2 = k * d, k * (math.hypot(d, l) + l), k * (math.hypot(d, l) - l)
    eta4pi = 119.9169832 / 4  # eta0 / 4 pi = 29.98 ohm
    return complex(eta4pi * (2 * ci(u0) - ci(u1) - ci(u2)), -eta4pi * (2 * si(u0) - si(u1) - si(u2)))
