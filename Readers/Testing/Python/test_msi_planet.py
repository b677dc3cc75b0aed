"""MSI/Planet antenna patterns (msi/sector_65_18.msi and its tab/LF/lower-case twin
sector_65_18_tabs.pln: an analytic 3GPP sector, H_WIDTH 65, V_WIDTH 7, FRONT_TO_BACK 25,
GAIN 15.85 dBd = 18 dBi; msi/README.md):

 1. File -> Open by content: OpenDataFile picks MSIPlanetAntennaReader for .msi and .pln,
    with no dialog; both give the same pattern.
 2. Port 1 holds the two cuts as printed (360 + 144 rows) with the header in its field
    data (Name, Make, Frequency 925 MHz from "0925", Gain[dBi] 18.00).
 3. Port 0 is the reconstructed 3-D pattern; Pattern Metrics on it finds the file's
    figures: PeakGain 18 dBi (the file's GAIN in dBi) at theta 90, phi 0; HPBWPlane1
    (vertical plane) = V_WIDTH 7 and HPBWPlane2 (horizontal) = H_WIDTH 65 within 0.15 deg;
    FrontToBack = 25 dB; for both methods. Pattern Cuts of it (summing) give the file's
    horizontal cut (conical cut at theta 90) and vertical cut (elevation cut at phi 0,
    both halves) at the file's angles; Antenna Pattern Surface draws it."""
import os
import sys

import cloudmap_testlib as lib
column = lib.column
field = lib.field_value

plugin, tmp = sys.argv[1], sys.argv[2]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm  # noqa: E402

data = os.path.join(lib.DATA, "msi")


def check(ok, what):
    if not ok:
        lib.fail(what)
    lib.say("ok:", what)


def metrics(src):
    pm = simple.PatternMetrics(Input=src)
    pm.UpdatePipeline()
    t = sm.Fetch(pm)
    row = {t.GetColumnName(c): t.GetColumn(c).GetValue(0) for c in range(t.GetNumberOfColumns())}
    simple.Delete(pm)
    return row


gains = []
for name in ("sector_65_18.msi", "sector_65_18_tabs.pln"):
    r = simple.OpenDataFile(os.path.join(data, name))
    check(r is not None and r.GetXMLName() == "MSIPlanetAntennaReader",
          "%s opens with the MSI Planet Antenna Reader (%s)" % (name, r and r.GetXMLName()))
    r.ThetaStep = 0.5
    r.UpdatePipeline()
    cuts = sm.Fetch(r, idx=1)
    check(cuts.GetNumberOfRows() == 360 + 144, "%s: %d cut rows, 360 + 144 printed"
          % (name, cuts.GetNumberOfRows()))
    check(field(cuts, "Name") == "SECTOR-65-18" and field(cuts, "Make") == "Example Antennas",
          "%s: Name '%s', Make '%s'" % (name, field(cuts, "Name"), field(cuts, "Make")))
    check(field(cuts, "Frequency") == 925e6, "%s: FREQUENCY 0925 = %g Hz" % (name, field(cuts, "Frequency")))
    check(abs(field(cuts, "Gain[dBi]") - 18.0) < 1e-12, "%s: GAIN 15.85 dBd = %.12g dBi"
          % (name, field(cuts, "Gain[dBi]")))
    pattern = sm.Fetch(r)
    check(pattern.GetNumberOfRows() == 361 * 360, "%s: %d rows on the 0.5 x 1 deg grid"
          % (name, pattern.GetNumberOfRows()))
    check(field(pattern, "Frequency") == 925e6, "%s: pattern Frequency field data" % name)
    gains.append(column(pattern, "Gain"))
    for method in (0, 1):
        r.Method = method
        m = metrics(r)
        lib.say("%s method %d: %s" % (name, method, m))
        check(abs(m["PeakGain[dBi]"] - 18.0) < 1e-9 and m["PeakTheta[deg]"] == 90 and m["PeakPhi[deg]"] == 0,
              "method %d: peak %.9f dBi at (%g, %g) = the file's 18 dBi at boresight"
              % (method, m["PeakGain[dBi]"], m["PeakTheta[deg]"], m["PeakPhi[deg]"]))
        check(abs(m["HPBWPlane1[deg]"] - 7) < 0.15, "method %d: vertical HPBW %.4f vs V_WIDTH 7"
              % (method, m["HPBWPlane1[deg]"]))
        check(abs(m["HPBWPlane2[deg]"] - 65) < 0.15, "method %d: horizontal HPBW %.4f vs H_WIDTH 65"
              % (method, m["HPBWPlane2[deg]"]))
        check(abs(m["FrontToBack[dB]"] - 25) < 1e-6, "method %d: front-to-back %.6f vs FRONT_TO_BACK 25"
              % (method, m["FrontToBack[dB]"]))
    r.Method = 0
    # Pattern Cuts of the reconstruction against the file's cuts at the file's angles (dB
    # relative to the peak = minus the attenuation): the conical cut at theta 90 is the
    # horizontal cut; the elevation cut at phi 0 runs over theta through both poles, so
    # Angle a is theta on phi 0 up to 180 and theta 360 - a on phi 180 beyond.
    pc = simple.PatternCuts(Input=r, Step=0.5, UserPhi=0, UserTheta=90, DynamicRange=60)
    pc.UpdatePipeline()
    t = sm.Fetch(pc)
    ang = column(t, "Angle")
    conical = dict(zip(ang, column(t, "ConicalCut[dB]")))
    elevation = dict(zip(ang, column(t, "ElevationCut[dB]")))
    kind, a_cut, att = column(cuts, "Cut"), column(cuts, "Angle"), column(cuts, "Attenuation")
    worst_h = worst_v = 0.0
    compared = 0
    for k, a, at in zip(kind, a_cut, att):
        if k == 0 and a in conical:
            worst_h = max(worst_h, abs(conical[a] + at))
            compared += 1
        elif k == 1:
            # vertical angle v -> elevation-cut angle: theta 90 + v (front, below),
            # v - 270 (front, above), 360 - (270 - v) = 90 + v (behind): always 90 + v mod 360
            e = (90 + a) % 360
            if e in elevation:
                worst_v = max(worst_v, abs(elevation[e] + at))
                compared += 1
    lib.say("%s: Pattern Cuts vs the file's cuts at %d angles: horizontal %.3g dB, vertical %.3g dB"
            % (name, compared, worst_h, worst_v))
    check(compared >= 360 + 140 and worst_h < 1e-9 and worst_v < 1e-9,
          "%s: Pattern Cuts give the file's cuts (%d angles; worst %.3g / %.3g dB)"
          % (name, compared, worst_h, worst_v))
    simple.Delete(pc)
    ps = simple.AntennaPatternSurface(Input=r)
    ps.UpdatePipeline()
    n = sm.Fetch(ps).GetNumberOfPoints()
    check(n > 0, "%s: Antenna Pattern Surface draws %d points" % (name, n))
    simple.Delete(ps)
    simple.Delete(r)
check(gains[0] == gains[1], ".msi (spaces, CRLF) and .pln (tabs, LF, lower-case keys) give the same pattern")
lib.leave(0)
