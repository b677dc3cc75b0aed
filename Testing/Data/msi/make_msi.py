"""Writes the MSI/Planet look-alikes of this folder (no public vendor file with a licence
that allows keeping it was found; see README.md). The layout copies what makers' export
scripts write: Alpha Wireless Ltd's Planet export (NAME, MAKE, FREQUENCY, H_WIDTH,
V_WIDTH, FRONT_TO_BACK, GAIN, "TILT ELECTRICAL", then "HORIZONTAL  360" with two blanks
and rows "angle value"), with CRLF line ends as Windows tools write them. The cuts are the
analytic sector antenna of 3GPP TR 36.814 (12 (angle/HPBW)^2 dB, capped), so that the
half-power beamwidths are exactly H_WIDTH 65 and V_WIDTH 7 and the gain 15.85 dBd = 18 dBi.

    python3 make_msi.py   (in this folder)
"""


def sector_h(h):
    d = min(h, 360 - h)
    return min(12 * (d / 65) ** 2, 25.0)


def sector_v(v):
    d = min(v, 360 - v)
    # behind: 25 dB at the horizon (the front-to-back ratio), 21 dB below, 29 dB above
    # in front: capped at 20 dB below the horizon and 15 dB above (no up/down symmetry)
    return 25.0 + 4 * (v - 180) / 90 if d > 90 else min(12 * (d / 7) ** 2, 20.0 if v < 180 else 15.0)


def vertical_angles():
    a = [k * 0.5 for k in range(40)]  # 0 .. 19.5
    a += list(range(20, 340, 5))
    a += [340 + k * 0.5 for k in range(40)]  # 340 .. 359.5
    return a


def header(sep, upper=True):
    keys = [("NAME", "SECTOR-65-18"), ("MAKE", "Example Antennas"), ("FREQUENCY", "0925"),
            ("H_WIDTH", "65"), ("V_WIDTH", "7"), ("FRONT_TO_BACK", "25"),
            ("GAIN", "15.85 dBd"), ("TILT", "ELECTRICAL"), ("POLARIZATION", "POL_V"),
            ("COMMENT", "analytic 3GPP sector, CloudMap test file")]
    return [(k if upper else k.lower()) + sep + v for k, v in keys]


def write(name, sep, eol, upper):
    lines = header(sep, upper)
    lines.append(("HORIZONTAL" if upper else "horizontal") + sep + sep + "360")
    lines += ["%g%s%.2f" % (h, sep, sector_h(h)) for h in range(360)]
    va = vertical_angles()
    lines.append(("VERTICAL" if upper else "vertical") + sep + sep + str(len(va)))
    lines += ["%g%s%.2f" % (v, sep, sector_v(v)) for v in va]
    with open(name, "w", newline="") as f:
        f.write(eol.join(lines) + eol)


write("sector_65_18.msi", " ", "\r\n", True)
write("sector_65_18_tabs.pln", "\t", "\n", False)
