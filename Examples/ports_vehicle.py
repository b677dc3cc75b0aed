"""Port quantities of the communication vehicle over frequency, as CloudMap reads them
from nec2c's printout (the NEC reader's Port Parameters output, port 3):

  (a) out/vehicle_impedance_vswr.png: antenna 1's input impedance R + jX, its VSWR and
      return loss against 50 ohm, and its reflection coefficient on a Smith chart;
  (b) out/vehicle_coupling.png: the coupling antenna 1 -> antenna 3 (|S21| in dB into
      antenna 3's 50 ohm load) over the sweep, with the swapped solve (antenna 3 driven,
      50 ohm on antenna 1) as points: reciprocity says they coincide;
  (c) out/vehicle_ant1.s1p: the sweep saved as Touchstone (File > Save Data);
  (d) out/vehicle_ports.txt: the numbers, including the values at 120 MHz.

  pvbatch Examples/ports_vehicle.py --sweep out/vehicle_ports.out \
      [--swapped out/vehicle_ports_swapped.out] --outdir out
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
ap.add_argument("--sweep", required=True, help="nec2c output: antenna 1 driven, 50 ohm on antenna 3")
ap.add_argument("--swapped", default=None, help="nec2c output: antenna 3 driven, 50 ohm on antenna 1")
ap.add_argument("--outdir", default=os.path.join(root, "out"))
ap.add_argument("--plugin", default=None)
ap.add_argument("--z0", type=float, default=50.0)
args = ap.parse_args()
plugin = figures.load_plugin(args.plugin)
os.makedirs(args.outdir, exist_ok=True)


def ports(path):
    r = simple.OpenDataFile(path)
    r.ReferenceImpedance = args.z0
    r.UpdatePipeline()
    t = sm.Fetch(r, idx=3)
    cols = {t.GetColumnName(c): [t.GetColumn(c).GetValue(i) for i in range(t.GetNumberOfRows())]
            for c in range(t.GetNumberOfColumns())}
    return r, cols


reader, t = ports(args.sweep)
f = [v * 1e-6 for v in t["Frequency"]]
s21 = t["S21_dB_tag3_seg1"]
lines = ["# CloudMap Port Parameters of %s (Z0 = %g ohm)" % (os.path.basename(args.sweep), args.z0),
         "# f_MHz  R  X  VSWR  ReturnLoss_dB  S21_1to3_dB  LoadPower_W  StructureLoss_W  Efficiency_%"]
for i in range(len(f)):
    lines.append("%7.2f %8.3f %8.3f %7.4f %7.3f %8.3f %11.4e %11.4e %6.2f" % (
        f[i], t["R"][i], t["X"][i], t["VSWR"][i], t["ReturnLoss"][i], s21[i],
        t["LoadPower_tag3_seg1"][i], t["StructureLoss"][i], t["Efficiency"][i]))
at = min(range(len(f)), key=lambda i: abs(f[i] - 120))
lines.append("# at %.1f MHz: Z = %.2f %+.2fj ohm, VSWR %.3f, return loss %.2f dB, |S21| 1->3 %.2f dB "
             "(isolation %.2f dB)" % (f[at], t["R"][at], t["X"][at], t["VSWR"][at], t["ReturnLoss"][at],
                                      s21[at], -s21[at]))
lines.append("# isolation 1->3 over %.1f-%.1f MHz: %.2f to %.2f dB" % (f[0], f[-1], -max(s21), -min(s21)))
swapped = None
worst = 0.0
if args.swapped:
    _, u = ports(args.swapped)
    swapped = ([v * 1e-6 for v in u["Frequency"]], u["S21_dB_tag1_seg1"])
    for fs, d in zip(*swapped):
        j = min(range(len(f)), key=lambda i: abs(f[i] - fs))
        if abs(f[j] - fs) < 1e-6:
            lines.append("# reciprocity at %.1f MHz: |S21| 1->3 %.3f dB, 3->1 %.3f dB (difference %.3f dB)"
                         % (fs, s21[j], d, d - s21[j]))
            worst = max(worst, abs(d - s21[j]))
text = "\n".join(lines) + "\n"
open(os.path.join(args.outdir, "vehicle_ports.txt"), "w").write(text)
print(text)

# (c) Touchstone through the writer, as File > Save Data does
simple.SaveData(os.path.join(args.outdir, "vehicle_ant1.s1p"), proxy=simple.OutputPort(reader, 3),
                Format=0, FrequencyUnit=2)

# (a) impedance, VSWR, Smith chart
fig = plt.figure(figsize=(12, 7.5), dpi=100)
ax1 = fig.add_subplot(2, 2, 1)
ax1.plot(f, t["R"], "o-", label="R")
ax1.plot(f, t["X"], "s-", label="X")
ax1.axhline(0, color="0.6", lw=0.8)
ax1.set_xlabel("frequency (MHz)")
ax1.set_ylabel("impedance (ohm)")
ax1.set_title("Antenna 1 input impedance (roof monopole)")
ax1.legend()
ax1.grid(alpha=0.3)
ax2 = fig.add_subplot(2, 2, 3)
ax2.plot(f, t["VSWR"], "o-", color="C3", label="VSWR")
ax2.set_xlabel("frequency (MHz)")
ax2.set_ylabel("VSWR (Z0 = %g ohm)" % args.z0, color="C3")
ax2.grid(alpha=0.3)
ax2b = ax2.twinx()
ax2b.plot(f, t["ReturnLoss"], "^--", color="C2")
ax2b.set_ylabel("return loss (dB)", color="C2")
ax2.axvline(120, color="0.5", ls=":")
ax2.annotate("120 MHz: VSWR %.2f" % t["VSWR"][at], (120, t["VSWR"][at]), xytext=(-120, 20),
             textcoords="offset points", arrowprops=dict(arrowstyle="->", color="0.4"))
ax3 = fig.add_subplot(1, 2, 2)
ax3.set_aspect("equal")
# The Smith chart's grid: lines of constant r and of constant x of z = Z/Z0, mapped by
# Gamma = (z - 1)/(z + 1).
dense = [math.tan(k * math.pi / 402) for k in range(-200, 201)]  # -inf..inf, dense near 0
for r in (0.2, 0.5, 1, 2, 5):
    g = [(complex(r, x) - 1) / (complex(r, x) + 1) for x in dense]
    ax3.plot([v.real for v in g], [v.imag for v in g], "-", color="0.82", lw=0.8)
for x in (0.2, 0.5, 1, 2, 5, -0.2, -0.5, -1, -2, -5):
    g = [(complex(r, x) - 1) / (complex(r, x) + 1) for r in dense if r >= 0]
    ax3.plot([v.real for v in g], [v.imag for v in g], "-", color="0.82", lw=0.8)
ax3.add_patch(plt.Circle((0, 0), 1, fill=False, color="0.4"))
ax3.axhline(0, color="0.8", lw=0.8)
ax3.plot(t["Gamma_re"], t["Gamma_im"], "o-", color="C0")
ax3.annotate("%.0f MHz" % f[0], (t["Gamma_re"][0], t["Gamma_im"][0]), xytext=(6, -12), textcoords="offset points")
ax3.annotate("%.0f MHz" % f[-1], (t["Gamma_re"][-1], t["Gamma_im"][-1]), xytext=(6, 4), textcoords="offset points")
ax3.plot([t["Gamma_re"][at]], [t["Gamma_im"][at]], "r*", ms=14, label="120 MHz")
ax3.set_xlim(-1.05, 1.05)
ax3.set_ylim(-1.05, 1.05)
ax3.set_title("Reflection coefficient (Smith chart, Z0 = %g ohm)" % args.z0)
ax3.legend(loc="lower left")
ax3.set_xlabel("Gamma re")
ax3.set_ylabel("Gamma im")
fig.suptitle("Communication vehicle, antenna 1: nec2c sweep read by CloudMap (Port Parameters)")
fig.tight_layout()
fig.savefig(os.path.join(args.outdir, "vehicle_impedance_vswr.png"))

# (b) coupling
fig, ax = plt.subplots(figsize=(9, 5.5), dpi=100)
ax.plot(f, s21, "o-", label="antenna 1 -> antenna 3 (50 ohm load on 3)")
if swapped:
    ax.plot(swapped[0], swapped[1], "rx", ms=11, mew=2,
            label="antenna 3 -> antenna 1 (swapped solve; differs by up to %.2f dB)" % worst)
ax.set_xlabel("frequency (MHz)")
ax.set_ylabel("|S21| (dB)")
ax.set_title("Coupling between the vehicle's antennas (isolation = -|S21|)")
ax.axvline(120, color="0.5", ls=":")
ax.annotate("120 MHz: %.1f dB" % s21[at], (120, s21[at]), xytext=(8, 10), textcoords="offset points")
ax.grid(alpha=0.3)
ax.legend()
fig.tight_layout()
fig.savefig(os.path.join(args.outdir, "vehicle_coupling.png"))
print("wrote", os.path.join(args.outdir, "vehicle_impedance_vswr.png"), "and vehicle_coupling.png")
