// SPDX-License-Identifier: BSD-3-Clause
#include "cmOpenEmsDump.h"

#include "cmTextScan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cm
{
namespace
{
[[noreturn]] void Fail(const std::string& file, const std::string& what)
{
  throw ParseError(file, 0, what);
}

std::string Num(double x)
{
  char b[32];
  std::snprintf(b, sizeof b, "%.9g", x);
  return b;
}

std::string Shape(const std::vector<std::uint64_t>& dims)
{
  std::string s;
  for (std::uint64_t d : dims)
  {
    s += (s.empty() ? "" : " x ") + std::to_string(d);
  }
  return "{" + s + "}";
}

/// One mesh axis: a finite, strictly increasing list of 1 to 2^16 lines.
std::vector<double> MeshAxis(Hdf5Source& h5, const std::string& file, const char* axis)
{
  const std::string path = std::string("/Mesh/") + axis;
  std::vector<std::uint64_t> dims;
  if (!h5.Dataset(path, dims))
  {
    if (h5.Exists("/Mesh/rho") || h5.Exists("/Mesh/alpha"))
    {
      Fail(file,
        "dataset " + path +
          " is missing: a dump on a cylindrical mesh (/Mesh/rho, alpha, z) is not supported");
    }
    Fail(file, "dataset " + path + " is missing (not an openEMS field dump?)");
  }
  if (dims.size() != 1 || dims[0] < 1 || dims[0] > (1u << 16))
  {
    Fail(file,
      "dataset " + path + " has the shape " + Shape(dims) +
        ", expected a list of 1 to 65536 mesh lines");
  }
  std::vector<double> v = h5.Read(path);
  if (v.size() != dims[0])
  {
    Fail(file,
      "dataset " + path + ": read " + std::to_string(v.size()) + " of " + std::to_string(dims[0]) +
        " values");
  }
  for (std::size_t k = 0; k < v.size(); ++k)
  {
    if (!std::isfinite(v[k]))
    {
      Fail(file,
        "dataset " + path + " holds a NaN or infinite mesh line (value " + std::to_string(k + 1) +
          ")");
    }
    if (k > 0 && !(v[k] > v[k - 1]))
    {
      Fail(file,
        "dataset " + path + " does not increase at value " + std::to_string(k + 1) + " (" +
          Num(v[k - 1]) + ", then " + Num(v[k]) + ")");
    }
  }
  return v;
}

/// A one-value (or one-per-step) numeric attribute, finite.
std::vector<double> NeedAttribute(Hdf5Source& h5, const std::string& file, const std::string& path,
  const std::string& name, std::size_t minCount)
{
  std::vector<double> v;
  if (!h5.Attribute(path, name, v))
  {
    Fail(file, "attribute " + name + " of " + path + " is missing");
  }
  if (v.size() < minCount || v.size() > MaxDumpSteps)
  {
    Fail(file,
      "attribute " + name + " of " + path + " has " + std::to_string(v.size()) +
        " values, expected " + std::to_string(minCount) + " to " + std::to_string(MaxDumpSteps));
  }
  for (double x : v)
  {
    if (!std::isfinite(x))
    {
      Fail(file, "attribute " + name + " of " + path + " holds a NaN or infinite value");
    }
  }
  return v;
}

void CheckField(
  Hdf5Source& h5, const std::string& file, const std::string& path, const OpenEmsDump& d)
{
  std::vector<std::uint64_t> dims;
  if (!h5.Dataset(path, dims))
  {
    Fail(file, "dataset " + path + " is missing (or is a group)");
  }
  const std::vector<std::uint64_t> want{ 3, d.Z.size(), d.Y.size(), d.X.size() };
  if (dims != want)
  {
    Fail(file,
      "dataset " + path + " has the shape " + Shape(dims) + ", expected " + Shape(want) +
        " (component, z, y, x) from /Mesh");
  }
}
} // namespace

bool LooksLikeOpenEmsDump(Hdf5Source& h5)
{
  return h5.Exists("/FieldData") && h5.Exists("/Mesh") && !h5.Exists("/nf2ff");
}

OpenEmsDump ReadOpenEmsDumpLayout(Hdf5Source& h5, const std::string& file)
{
  if (h5.Exists("/nf2ff"))
  {
    Fail(file,
      "group /nf2ff is present: an nf2ff far-field result, not a field dump (use the openEMS NF2FF "
      "Reader)");
  }
  if (!h5.Exists("/FieldData"))
  {
    Fail(file, "group /FieldData is missing: not an openEMS field dump (HDF5 dump box)");
  }
  OpenEmsDump d;
  d.X = MeshAxis(h5, file, "x");
  d.Y = MeshAxis(h5, file, "y");
  d.Z = MeshAxis(h5, file, "z");
  if (d.Points() > MaxDumpPoints)
  {
    Fail(file,
      "the mesh /Mesh has " + std::to_string(d.X.size()) + " x " + std::to_string(d.Y.size()) +
        " x " + std::to_string(d.Z.size()) + " points, more than the " +
        std::to_string(MaxDumpPoints) + " a dump may have");
  }
  const bool td = h5.Exists("/FieldData/TD"), fd = h5.Exists("/FieldData/FD");
  if (td == fd)
  {
    Fail(file,
      td ? "groups /FieldData/TD and /FieldData/FD are both present, expected one"
         : "group /FieldData has neither TD (time domain) nor FD (frequency domain)");
  }
  d.FrequencyDomain = fd;
  if (fd)
  {
    const std::vector<double> f = NeedAttribute(h5, file, "/FieldData/FD", "frequency", 1);
    for (std::size_t n = 0; n < f.size(); ++n)
    {
      if (!(f[n] > 0))
      {
        Fail(file,
          "attribute frequency of /FieldData/FD holds " + Num(f[n]) + ", expected positive Hz");
      }
      OpenEmsDump::Step s;
      s.Value = f[n];
      s.Real = "/FieldData/FD/f" + std::to_string(n) + "_real";
      s.Imag = "/FieldData/FD/f" + std::to_string(n) + "_imag";
      for (const std::string* p : { &s.Real, &s.Imag })
      {
        CheckField(h5, file, *p, d);
        std::vector<double> own;
        // Each set repeats its frequency (float32): it must agree with the group's list.
        if (h5.Attribute(*p, "frequency", own) &&
          (own.size() != 1 || !(std::abs(own[0] - f[n]) <= 1e-6 * f[n])))
        {
          Fail(file,
            "attribute frequency of " + *p + " disagrees with value " + std::to_string(n + 1) +
              " of /FieldData/FD's frequency (" + Num(f[n]) + " Hz)");
        }
      }
      d.Steps.push_back(s);
    }
  }
  else
  {
    std::vector<std::string> names;
    if (!h5.Children("/FieldData/TD", names))
    {
      Fail(file, "group /FieldData/TD cannot be listed");
    }
    if (names.empty() || names.size() > MaxDumpSteps)
    {
      Fail(file,
        "group /FieldData/TD holds " + std::to_string(names.size()) + " steps, expected 1 to " +
          std::to_string(MaxDumpSteps));
    }
    for (const std::string& name : names)
    {
      OpenEmsDump::Step s;
      s.Real = "/FieldData/TD/" + name;
      CheckField(h5, file, s.Real, d);
      const std::vector<double> t = NeedAttribute(h5, file, s.Real, "time", 1);
      if (t.size() != 1)
      {
        Fail(file,
          "attribute time of " + s.Real + " has " + std::to_string(t.size()) +
            " values, expected 1");
      }
      s.Value = t[0];
      d.Steps.push_back(s);
    }
  }
  std::stable_sort(d.Steps.begin(), d.Steps.end(),
    [](const OpenEmsDump::Step& a, const OpenEmsDump::Step& b) { return a.Value < b.Value; });
  for (std::size_t k = 1; k < d.Steps.size(); ++k)
  {
    if (!(d.Steps[k].Value > d.Steps[k - 1].Value))
    {
      Fail(file,
        "datasets " + d.Steps[k - 1].Real + " and " + d.Steps[k].Real + " are at the same " +
          (fd ? "frequency " : "time ") + Num(d.Steps[k].Value));
    }
  }
  return d;
}

void ReadOpenEmsDumpStep(Hdf5Source& h5, const std::string& file, const OpenEmsDump& d,
  std::size_t index, std::vector<double>& re, std::vector<double>& im)
{
  re.clear();
  im.clear();
  if (index >= d.Steps.size())
  {
    Fail(file,
      "step " + std::to_string(index) + " is out of range (" + std::to_string(d.Steps.size()) +
        " steps)");
  }
  const OpenEmsDump::Step& s = d.Steps[index];
  const std::size_t n = static_cast<std::size_t>(d.Points());
  auto one = [&](const std::string& path, std::vector<double>& out) {
    CheckField(h5, file, path, d); // the file may have changed since the layout was read
    const std::vector<double> v = h5.Read(path);
    if (v.size() != 3 * n)
    {
      Fail(file,
        "dataset " + path + ": read " + std::to_string(v.size()) + " of " + std::to_string(3 * n) +
          " values");
    }
    out.resize(3 * n);
    for (std::size_t p = 0; p < n; ++p)
    {
      for (std::size_t c = 0; c < 3; ++c)
      {
        const double x = v[c * n + p];
        if (!std::isfinite(x))
        {
          Fail(file,
            "dataset " + path + " holds a NaN or infinite value (component " + std::to_string(c) +
              ", point " + std::to_string(p) + ")");
        }
        out[3 * p + c] = x;
      }
    }
  };
  std::vector<double> r, i;
  one(s.Real, r);
  if (!s.Imag.empty())
  {
    one(s.Imag, i);
  }
  re.swap(r);
  im.swap(i);
}

} // namespace cm
