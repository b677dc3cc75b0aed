#!/usr/bin/env python3
"""Writes sector_65_18.pafx: a Planet 2 .pafx look-alike in the exact layout of the
Sinclair Technologies archive beside it (SV460-SF2SNM.pafx: UTF-8 BOM, CRLF, two-space
indents, AntennaModel Version 2.3, one .pap per pattern, deflated entries dated
2016-05-18), holding the analytic sector antenna of ../msi/make_msi.py (3GPP TR 36.814's
12 (angle/HPBW)^2 dB cuts, H_WIDTH 65, V_WIDTH 7, front-to-back 25 dB, 15.85 dBd) at
925 MHz with electrical tilts 0 and 6 degrees (the vertical cut's beam 6 degrees below
the horizon), so that one frequency has two patterns. Gains at 1-degree steps from -180
to 179, two decimals. Run: python3 make_pafx.py
"""
import os
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
BOM = "\ufeff"


def sector_h(a):
    d = min(a % 360, 360 - a % 360)
    return min(12 * (d / 65) ** 2, 25.0)


def sector_v(a, tilt):
    v = (a - tilt) % 360
    d = min(v, 360 - v)
    return 25.0 + 4 * (v - 180) / 90 if d > 90 else min(12 * (d / 7) ** 2, 20.0 if v < 180 else 15.0)


def gains(f):
    return ";".join("%.2f" % -f(a) for a in range(-180, 180))


def pap(tilt):
    def cut(kind, angle_tag, f):
        return ("    <%sPattern>\r\n      <%s>0</%s>\r\n      <StartAngle>-180</StartAngle>\r\n"
                "      <EndAngle>179</EndAngle>\r\n      <Step>1</Step>\r\n      <Gains>%s</Gains>\r\n"
                "    </%sPattern>\r\n") % (kind, angle_tag, angle_tag, gains(f), kind)
    return (BOM + '<?xml version="1.0" encoding="utf-8"?>\r\n'
            '<AntennaPatterns xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            'xmlns:xsd="http://www.w3.org/2001/XMLSchema">\r\n'
            "  <HorizontalPatterns>\r\n" + cut("Horizontal", "Inclination", sector_h) +
            "  </HorizontalPatterns>\r\n  <VerticalPatterns>\r\n" +
            cut("Vertical", "Orientation", lambda a: sector_v(a, tilt)) +
            "  </VerticalPatterns>\r\n</AntennaPatterns>")


def pattern(name, tilt):
    fields = [("Name", name), ("Comment", None), ("MinimumFrequencyMHz", "925"),
              ("MaximumFrequencyMHz", "925"), ("MeasurementFrequencyMHz", "925"),
              ("Polarization", "Vertical"), ("PolarizationType", "Co"),
              ("ElectricalTiltDegrees", str(tilt)), ("ElectricalAzimuthDegrees", "0"),
              ("ElectricalBeamwidthDegrees", "0"), ("BoresightGain", "15.85"),
              ("BoresightGainUnit", "dBd"), ("HorizontalBeamwidthDegrees", "65"),
              ("VerticalBeamwidthDegrees", "7"), ("HorizontalBoresightDegrees", "90"),
              ("VerticalBoresightDegrees", "0"), ("FrontToBackRatioDB", "25"),
              ("AntennaPatternsEntryName", name + ".pap")]
    rows = "".join("      <%s />\r\n" % k if v is None else "      <%s>%s</%s>\r\n" % (k, v, k)
                   for k, v in fields)
    return "    <Pattern>\r\n" + rows + "    </Pattern>\r\n"


def paf(names):
    head = ("  <Version>2.3</Version>\r\n  <Name>SECTOR-65-18</Name>\r\n  <Type>Cellular</Type>\r\n"
            "  <Comment>CloudMap look-alike</Comment>\r\n  <Manufacturer>Example Antennas</Manufacturer>\r\n"
            "  <Cost>0</Cost>\r\n  <CostUnit>USD</CostUnit>\r\n  <QFactorDB xsi:nil=\"true\" />\r\n")
    ports = ("  <Ports>\r\n    <Port>\r\n      <Uid>1</Uid>\r\n      <Name>Port 1</Name>\r\n"
             "      <Direction>Both</Direction>\r\n      <Polarization>Vertical</Polarization>\r\n"
             "      <Bands>\r\n        <Band>\r\n          <AttachedPatterns>\r\n" +
             "".join("            <PatternName>%s</PatternName>\r\n" % n for n, _ in names) +
             "          </AttachedPatterns>\r\n        </Band>\r\n      </Bands>\r\n    </Port>\r\n  </Ports>\r\n")
    return (BOM + '<?xml version="1.0" encoding="utf-8"?>\r\n<AntennaModel '
            'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
            'xmlns:xsd="http://www.w3.org/2001/XMLSchema">\r\n' + head + ports +
            "  <ElectricalControllerName />\r\n  <Patterns>\r\n" +
            "".join(pattern(n, t) for n, t in names) + "  </Patterns>\r\n  <Beamforming />\r\n</AntennaModel>")


def write(path, entries):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in entries:
            info = zipfile.ZipInfo(name, (2016, 5, 18, 15, 42, 10))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 0
            z.writestr(info, text.encode("utf-8"))


NAMES = [("SECTOR-65-18_0925_T00", 0), ("SECTOR-65-18_0925_T06", 6)]
if __name__ == "__main__":
    write(os.path.join(HERE, "sector_65_18.pafx"),
          [("antenna.paf", paf(NAMES))] + [(n + ".pap", pap(t)) for n, t in NAMES])
