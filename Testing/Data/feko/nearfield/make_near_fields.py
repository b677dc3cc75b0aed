#!/usr/bin/env python3
"""Writes the FEKO .efe/.hfe look-alikes of this folder (README.md says which real files
each copies the layout of). Every field is the exact near field of a z-directed
Hertzian dipole at the origin (I*l = 1e-2 A m, e^{jwt}, Balanis, Antenna Theory, 4.2):

  E_r  = eta I l cos(t) / (2 pi r^2) (1 + 1/(jkr)) e^{-jkr}
  E_t  = j eta k I l sin(t) / (4 pi r) (1 + 1/(jkr) - 1/(kr)^2) e^{-jkr}
  H_p  = j k I l sin(t) / (4 pi r) (1 + 1/(jkr)) e^{-jkr}

printed in the file's own components (spherical r, theta, phi; cylindrical rho, phi, z;
Cartesian x, y, z). The reader's test recomputes the field in Cartesian vector form
(Jackson 9.18) at every point and compares. Re-run after editing; review the diff."""
import cmath
import math
import os

here = os.path.dirname(os.path.abspath(__file__))
C0 = 299792458.0
ETA = 376.730313668
IL = 1e-2


def dipole(f, x, y, z):
    """Spherical (r, theta, phi) coordinates and the E and H components there."""
    k = 2 * math.pi * f / C0
    r = math.sqrt(x * x + y * y + z * z)
    t = math.acos(z / r)
    p = math.atan2(y, x)
    e = cmath.exp(-1j * k * r)
    er = ETA * IL * math.cos(t) / (2 * math.pi * r * r) * (1 + 1 / (1j * k * r)) * e
    et = 1j * ETA * k * IL * math.sin(t) / (4 * math.pi * r) * (1 + 1 / (1j * k * r) - 1 / (k * r) ** 2) * e
    hp = 1j * k * IL * math.sin(t) / (4 * math.pi * r) * (1 + 1 / (1j * k * r)) * e
    return (r, t, p), (er, et, 0j), (0j, 0j, hp)


def sph_to_cart(t, p, v):
    st, ct, sp, cp = math.sin(t), math.cos(t), math.sin(p), math.cos(p)
    return (v[0] * st * cp + v[1] * ct * cp - v[2] * sp,
            v[0] * st * sp + v[1] * ct * sp + v[2] * cp,
            v[0] * ct - v[1] * st)


def old(v):
    """FEKO 2017/2018 kernel numbers: 3-digit exponents in 19 columns."""
    m, e = ("%.8E" % v).split("E")
    return "%19s" % ("%sE%s%03d" % (m, e[0], abs(int(e))))


def new(v):
    """Feko 2020+ numbers (as the .ffe of 2023 in ../): shortest exponent, one space apart."""
    m, e = ("%.8E" % v).split("E")
    return " %sE%s%d" % (m, e[0], abs(int(e)))


def rows(system, axes, f, field, fmt, order=(0, 1, 2)):
    """Rows with axes[order[0]] fastest; each row the 3 coordinates then Re/Im of 3
    components in the file's system."""
    out = []
    n = [len(a) for a in axes]
    idx = [0, 0, 0]
    for c in range(n[order[2]]):
        for b in range(n[order[1]]):
            for a in range(n[order[0]]):
                idx[order[0]], idx[order[1]], idx[order[2]] = a, b, c
                q = [axes[d][idx[d]] for d in range(3)]
                if system == "Spherical":
                    r, t, p = q[0], math.radians(q[1]), math.radians(q[2])
                    x, y, z = r * math.sin(t) * math.cos(p), r * math.sin(t) * math.sin(p), r * math.cos(t)
                elif system == "Cylindrical":
                    rho, p, z = q[0], math.radians(q[1]), q[2]
                    x, y = rho * math.cos(p), rho * math.sin(p)
                else:
                    x, y, z = q
                (r, t, p), e, h = dipole(f, x, y, z)
                v = e if field == "E" else h
                if system == "Cartesian":
                    v = sph_to_cart(t, p, v)
                elif system == "Cylindrical":
                    vx, vy, vz = sph_to_cart(t, p, v)
                    cp, sp = math.cos(p), math.sin(p)
                    v = (vx * cp + vy * sp, -vx * sp + vy * cp, vz)
                vals = list(q) + [w for comp in v for w in (comp.real, comp.imag)]
                out.append("".join(fmt(w) for w in vals))
    return out


OLD_SPH_COLUMNS = ('#       "Radius"           "Theta"             "Phi"             "Re(Er)"'
                   '           "Im(Er)"         "Re(Etheta)"       "Im(Etheta)"        "Re(Ephi)"'
                   '         "Im(Ephi)"   ')


# The column line of a real Altair Feko 2019.1-338 .hfe (File Format 6), byte for byte,
# lower-case last column included; the .efe's is the same with E and "Im(Ez)".
REAL_2019_HFE_COLUMNS = ('#         "X"                "Y"                "Z"              "Re(Hx)"'
                         '           "Im(Hx)"           "Re(Hy)"           "Im(Hy)"           "Re(Hz)"'
                         '           "im(hz)"    ')


def cartesian_columns(field):
    if field == "H":
        return REAL_2019_HFE_COLUMNS
    return REAL_2019_HFE_COLUMNS.replace("(H", "(E").replace('"im(hz)"', '"Im(Ez)"')


def write(name, text, crlf=False):
    if crlf:
        text = text.replace("\n", "\r\n")
    with open(os.path.join(here, name), "w", newline="") as f:
        f.write(text)


def spherical_2017():
    # The layout of SUN-EM examples/example-1/strip_dipole.efe (FEKO kernel 2017.2.3,
    # File Format 4), on a 2 x 3 x 4 grid with the radius fastest.
    f = 2.99792458e8
    axes = ([1.0, 2.0], [30.0, 90.0, 150.0], [0.0, 45.0, 90.0, 270.0])
    head = ("##File Type: Electric near field\n##File Format: 4\n##Source: hertz_dipole\n"
            "##Date: 2018-05-27 13:17:39  \n** File exported by FEKO kernel version 2017.2.3-538\n\n"
            "#Frequency:   2.99792458E+008\n#Coordinate System: Spherical\n"
            "#No. of Radius Samples: 2\n#No. of Theta Samples: 3\n#No. of Phi Samples: 4\n"
            "#Result Type: Electric Field Values\n#No. of Header Lines: 1\n" + OLD_SPH_COLUMNS + "\n")
    write("dipole_2017_spherical.efe", head + "\n".join(rows("Spherical", axes, f, "E", old)) + "\n")


def cartesian_2019():
    # The layout of a real Altair Feko 2019.1 export (File Format 6, PF_COEW_NearField1.hfe
    # of 20692889/SUN-EM): two blank lines after the banner, #Configuration Name and
    # #Request Name, its column line (lower-case "im(hz)" in the .hfe), x fastest; two
    # frequencies as two blocks. The .efe and .hfe of one request sit side by side.
    axes = ([-0.3, 0.0, 0.3], [0.1, 0.2], [-0.2, 0.25])
    for field, kind, ext in (("E", "Electric", "efe"), ("H", "Magnetic", "hfe")):
        text = ("##File Type: %s near field\n##File Format: 6\n##Source: hertz_dipole\n"
                "##Date: 2021-03-07 15:07:35  \n** File exported by Altair Feko - Solver (seq) "
                "Version 2019.1-338 from 2019-06-07\n\n\n" % kind)
        for f, fs in ((3.0e8, "3.00000000E+008"), (6.0e8, "6.00000000E+008")):
            text += ("#Configuration Name: StandardConfiguration1\n#Request Name: NearField1\n"
                     "#Frequency:   %s\n#Coordinate System: Cartesian\n#No. of X Samples: 3\n"
                     "#No. of Y Samples: 2\n#No. of Z Samples: 2\n#Result Type: %s Field Values\n"
                     "#No. of Header Lines: 1\n" % (fs, kind))
            text += cartesian_columns(field) + "\n"
            text += "\n".join(rows("Cartesian", axes, f, field, old)) + "\n\n"
        write("dipole_2019_cartesian." + ext, text)


def cylindrical_2022():
    # Format 8 with CRLF line ends (2022 files) and the newer number style; z fastest,
    # then phi, then rho (the reader reads the nesting from the rows).
    f = 1.5e8
    axes = ([0.5, 1.0], [0.0, 60.0, 200.0], [-0.5, 0.0, 0.75])
    names = ["Rho", "Phi", "Z", "Re(Erho)", "Im(Erho)", "Re(Ephi)", "Im(Ephi)", "Re(Ez)", "Im(Ez)"]
    text = ("##File Type: Electric near field\n##File Format: 8\n##Source: hertz_dipole\n"
            "##Date: 2022-03-01 10:00:00\n** File exported by Altair Feko - Solver (par) "
            "Version 2022.1-123 from 2022-03-01\n\n\n"
            "#Configuration Name: StandardConfiguration1\n#Request Name: NearField1\n"
            "#Frequency:   1.50000000E+8\n#Coordinate System: Cylindrical\n#No. of Rho Samples: 2\n"
            "#No. of Phi Samples: 3\n#No. of Z Samples: 3\n#Result Type: Electric Field Values\n"
            "#No. of Header Lines: 1\n#" + "".join("\"%s\"" % n for n in names) + "\n")
    text += "\n".join(rows("Cylindrical", axes, f, "E", new, order=(2, 1, 0))) + "\n"
    write("dipole_2022_cylindrical.efe", text, crlf=True)


spherical_2017()
cartesian_2019()
cylindrical_2022()
