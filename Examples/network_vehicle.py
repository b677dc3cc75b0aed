"""The communication vehicle's two antennas as a 2-port network over 100-140 MHz, as
CloudMap reads it from one nec2c run with one solve per port (the NEC reader's Network
output, port 5):

  (a) out/vehicle.s2p: the S matrix as Touchstone 1.1 (File > Save Data, Touchstone
      writer), ports named roof_whip and bonnet_whip;
  (b) out/vehicle_2port.png: |S11|, |S22|, |S21| (and |S12|) in dB over frequency, the
      isolation at 120 MHz marked;
  (c) out/vehicle_network.txt: the S, Z and Y matrices at every frequency (S at 120 MHz
      in the last lines).

  pvbatch Examples/network_vehicle.py --input out/vehicle_2port.out --outdir out
"""
import argparse
import math
import os
import sys

from paraview import simple
from paraview import servermanager as sm

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
sys.path.insert(0, here)
import cloudmap_figures as figures  # noqa: E402
ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
ap.add_argument("--input", required=True, help="nec2c output of the 2-port deck (one EX + FR + XQ per antenna)")
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None)
ap.add_argument("--z0", type=float, default=50.0)
args = ap.parse_args()
plugin = figures.load_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)

reader = simple.OpenDataFile(args.input)
reader.ReferenceImpedance = args.z0
reader.UpdatePipeline()
t = sm.Fetch(reader, idx=5)
if t.GetNumberOfRows() == 0:
    sys.exit("%s gives no N-port network (see the warning above)" % args.input)
col = lambda name: [t.GetColumnByName(name).GetValue(r) for r in range(t.GetNumberOfRows())]
names = t.GetFieldData().GetAbstractArray("PortNames")
ports = [names.GetValue(k) for k in range(names.GetNumberOfValues())]
n = len(ports)
f = [v * 1e-6 for v in col("Frequency")]


def entry(letter, i, j, r):
    k = "%s%d%d" % (letter, i + 1, j + 1)
    return complex(t.GetColumnByName(k + "_re").GetValue(r), t.GetColumnByName(k + "_im").GetValue(r))


# (a) Touchstone, through the writer
s2p = os.path.join(args.outdir, "vehicle.s2p")
simple.SaveData(s2p, proxy=simple.OutputPort(reader, 5), Format=0, FrequencyUnit=2, Version=1)

# (c) the matrices as text
at = min(range(len(f)), key=lambda r: abs(f[r] - 120))
lines = ["# CloudMap Network of %s: ports %s, Z0 = %g ohm" % (os.path.basename(args.input), ", ".join(
    "%d = %s" % (k + 1, p) for k, p in enumerate(ports)), args.z0)]
for r in range(len(f)):
    lines.append("f = %.2f MHz, worst pair %s, isolation %.2f dB" % (
        f[r], t.GetColumnByName("WorstPair").GetValue(r), col("WorstIsolation[dB]")[r]))
    for letter, unit in (("S", ""), ("Z", " ohm"), ("Y", " S")):
        for i in range(n):
            lines.append("  %s%d.: " % (letter, i + 1) + "  ".join(
                "%+.5e%+.5ej" % (entry(letter, i, j, r).real, entry(letter, i, j, r).imag) for j in range(n)) + unit)
lines.append("# S at %.2f MHz (magnitude dB / phase deg):" % f[at])
for i in range(n):
    lines.append("#   " + "   ".join("S%d%d %7.2f dB %7.1f deg" % (
        i + 1, j + 1, 20 * math.log10(abs(entry("S", i, j, at))), math.degrees(math.atan2(
            entry("S", i, j, at).imag, entry("S", i, j, at).real))) for j in range(n)))
text = "\n".join(lines) + "\n"
open(os.path.join(args.outdir, "vehicle_network.txt"), "w").write(text)
print(text)

# (b) the figure
db = lambda i, j: col("S%d%d_dB" % (i + 1, j + 1))
fig, ax = plt.subplots(figsize=(9, 5.5), dpi=100)
ax.plot(f, db(0, 0), "o-", label="|S11| (%s)" % ports[0])
ax.plot(f, db(1, 1), "s-", label="|S22| (%s)" % ports[1])
ax.plot(f, db(1, 0), "^-", color="C3", label="|S21| (coupling %s -> %s)" % (ports[0], ports[1]))
ax.plot(f, db(0, 1), "x--", color="C3", alpha=0.6,
        label="|S12| (NEC-2's wires on patches are not exactly reciprocal)")
iso = -db(1, 0)[at]
ax.axvline(f[at], color="0.5", ls=":")
ax.plot([f[at]], [db(1, 0)[at]], "r*", ms=14)
ax.annotate("isolation at %.0f MHz: %.1f dB" % (f[at], iso), (f[at], db(1, 0)[at]), xytext=(12, -28),
            textcoords="offset points", arrowprops=dict(arrowstyle="->", color="0.3"))
ax.set_xlabel("frequency (MHz)")
ax.set_ylabel("magnitude (dB, Z0 = %g ohm)" % args.z0)
ax.set_title("Communication vehicle: the two antennas as a 2-port (nec2c, CloudMap Network output)")
ax.grid(alpha=0.3)
ax.legend(loc="center right")
fig.tight_layout()
png = os.path.join(args.outdir, "vehicle_2port.png")
fig.savefig(png)
print("wrote", s2p, "and", png)
