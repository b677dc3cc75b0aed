// SPDX-License-Identifier: BSD-3-Clause
#include "cmFractalTerrain.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace cm::fractal
{
namespace
{
int FloorDiv(int a, int s)
{
  return a / s; // a >= 0
}
int CeilDiv(int a, int s)
{
  return (a + s - 1) / s;
}

}

double MidpointSigma(double sigma, double hurst, int level)
{
  return sigma * std::sqrt(1.0 - std::pow(2.0, 2 * hurst - 2)) / std::pow(2.0, level * hurst);
}

std::string ValidateTerrain(const TerrainParameters& p)
{
  if (p.Levels < 0 || p.Levels > 15)
  {
    return "number of levels " + std::to_string(p.Levels) + " is outside [0, 15]";
  }
  if (!(p.Hurst > 0 && p.Hurst <= 1))
  {
    return "Hurst exponent H = " + std::to_string(p.Hurst) + " is outside (0, 1]";
  }
  if (!(p.Sigma >= 0) || !std::isfinite(p.Sigma))
  {
    return "sigma must be finite and >= 0";
  }
  if (p.ControlLevel >= 0 && (p.ControlLevel > p.Levels || !p.ControlHeights))
  {
    return "control grid level " + std::to_string(p.ControlLevel) +
      " is above the number of levels " + std::to_string(p.Levels);
  }
  return std::string();
}

namespace
{
// The level-l0 window that covers the target window: the control heights,
// or at level 0 the four corners.
void InitialLevel(
  const TerrainParameters& p, const TerrainWindow& w, int l0, bool wantD, TerrainLevel& cur)
{
  const int s = 1 << (p.Levels - l0);
  cur.A0 = FloorDiv(w.I0, s);
  cur.A1 = CeilDiv(w.I1, s);
  cur.B0 = FloorDiv(w.J0, s);
  cur.B1 = CeilDiv(w.J1, s);
  cur.V.resize(std::size_t(cur.Nx()) * (cur.B1 - cur.B0 + 1));
  if (wantD)
  {
    cur.D.assign(cur.V.size(), 0.0);
  }
  const int m = (1 << l0) + 1;
  for (int j = cur.B0; j <= cur.B1; ++j)
  {
    for (int i = cur.A0; i <= cur.A1; ++i)
    {
      if (p.ControlLevel >= 0)
      {
        cur.At(i, j) = p.ControlHeights[std::size_t(j) * m + i];
      }
      else
      {
        // Level 0: the four corners.
        const double* c = p.CornerHeights;
        cur.At(i, j) = j == 0 ? (i == 0 ? c[0] : c[1]) : (i == 0 ? c[3] : c[2]);
      }
    }
  }
}

// The random numbers and scale of one level's displacements.
struct LevelNoise
{
  double Delta; ///< the level's standard deviation
  std::uint64_t Key; ///< the level's counter key
  std::uint64_t RowLength; ///< points in a row of the level's full grid
  double At(std::uint64_t index) const { return this->Delta * KeyedGaussian(this->Key, index); }
};

// Pass 1 of a refinement: copies of coarse points and the displaced edge
// midpoints, on every row of `next`.
void EdgeMidpoints(const TerrainLevel& cur, TerrainLevel& next, const LevelNoise& noise, bool wantD,
  const ParallelFor& pf)
{
  const int nx = next.Nx(), cnx = cur.Nx();
  RunFor(pf, next.B1 - next.B0 + 1, [&](long long rb, long long re) {
    for (long long r = rb; r < re; ++r)
    {
      const int j = next.B0 + int(r);
      double* row = next.V.data() + std::size_t(r) * nx;
      double* drow = wantD ? next.D.data() + std::size_t(r) * nx : nullptr;
      const std::uint64_t base = std::uint64_t(j) * noise.RowLength;
      const double* lo = cur.V.data() + std::size_t(j / 2 - cur.B0) * cnx - cur.A0;
      if ((j & 1) == 0)
      {
        const double* cdrow =
          wantD ? cur.D.data() + std::size_t(j / 2 - cur.B0) * cnx - cur.A0 : nullptr;
        for (int i = next.A0; i <= next.A1; ++i)
        {
          const int k = i - next.A0;
          if ((i & 1) == 0)
          {
            row[k] = lo[i / 2];
            if (drow)
            {
              drow[k] = cdrow[i / 2];
            }
          }
          else
          {
            const double d = noise.At(base + i);
            row[k] = 0.5 * (lo[i / 2] + lo[i / 2 + 1]) + d;
            if (drow)
            {
              drow[k] = d;
            }
          }
        }
        continue;
      }
      const double* hi = lo + cnx;
      for (int i = next.A0; i <= next.A1; i += 2)
      {
        const double d = noise.At(base + i);
        row[i - next.A0] = 0.5 * (lo[i / 2] + hi[i / 2]) + d;
        if (drow)
        {
          drow[i - next.A0] = d;
        }
      }
    }
  });
}

// Pass 2: face centres from the four displaced edge midpoints, displaced
// too when `displaceCentre`.
void FaceCentres(TerrainLevel& next, const LevelNoise& noise, bool displaceCentre, bool wantD,
  const ParallelFor& pf)
{
  const int nx = next.Nx();
  RunFor(pf, (next.B1 - next.B0 + 1) / 2, [&](long long rb, long long re) {
    for (long long h = rb; h < re; ++h)
    {
      const std::size_t r = std::size_t(2 * h + 1);
      const int j = next.B0 + int(r);
      double* row = next.V.data() + r * nx;
      const double* up = row + nx;
      const double* dn = row - nx;
      const std::uint64_t base = std::uint64_t(j) * noise.RowLength;
      for (int k = 1; k < nx; k += 2)
      {
        double v = 0.25 * (row[k - 1] + row[k + 1] + up[k] + dn[k]);
        if (displaceCentre)
        {
          const double d = noise.At(base + next.A0 + k);
          v += d;
          if (wantD)
          {
            next.D[r * nx + k] = d;
          }
        }
        row[k] = v;
      }
    }
  });
}

// Level l to l + 1 on the coarse cells that cover the target window.
void RefineLevel(const TerrainParameters& p, const TerrainWindow& w, int l, bool wantD,
  const TerrainLevel& cur, TerrainLevel& next, const ParallelFor& pf)
{
  const int lv = l + 1;
  const int s = 1 << (p.Levels - l);
  next.A0 = 2 * FloorDiv(w.I0, s);
  next.A1 = 2 * CeilDiv(w.I1, s);
  next.B0 = 2 * FloorDiv(w.J0, s);
  next.B1 = 2 * CeilDiv(w.J1, s);
  next.V.resize(std::size_t(next.Nx()) * (next.B1 - next.B0 + 1));
  if (wantD)
  {
    next.D.assign(next.V.size(), 0.0);
  }
  const LevelNoise noise{ MidpointSigma(p.Sigma, p.Hurst, lv),
    CounterKey(p.Seed, std::uint64_t(lv)), (std::uint64_t(1) << lv) + 1 };
  EdgeMidpoints(cur, next, noise, wantD, pf);
  FaceCentres(next, noise, p.DisplaceCentre, wantD, pf);
}

// Crops the final level to the target window (or hands the buffer over when
// it is the window).
void CropToWindow(TerrainLevel& cur, const TerrainWindow& w, std::vector<double>& height,
  std::vector<double>* displacement)
{
  if (cur.A0 == w.I0 && cur.A1 == w.I1 && cur.B0 == w.J0 && cur.B1 == w.J1)
  {
    height.swap(cur.V);
    if (displacement)
    {
      displacement->swap(cur.D);
    }
    return;
  }
  const int nx = w.Nx(), ny = w.Ny();
  height.resize(std::size_t(nx) * ny);
  if (displacement)
  {
    displacement->resize(height.size());
  }
  for (int j = 0; j < ny; ++j)
  {
    const std::size_t src = std::size_t(w.J0 + j - cur.B0) * cur.Nx() + (w.I0 - cur.A0);
    std::copy_n(cur.V.data() + src, nx, height.data() + std::size_t(j) * nx);
    if (displacement)
    {
      std::copy_n(cur.D.data() + src, nx, displacement->data() + std::size_t(j) * nx);
    }
  }
}
}

bool GenerateTerrain(const TerrainParameters& p, const TerrainWindow& w,
  std::vector<double>& height, std::vector<double>* displacement, const ParallelFor& pf,
  const std::function<bool(double)>& progressAbort, TerrainScratch* scratch)
{
  TerrainScratch local;
  TerrainScratch& ws = scratch ? *scratch : local;
  const int n = p.Levels;
  const bool wantD = displacement != nullptr;
  const int l0 = p.ControlLevel >= 0 ? p.ControlLevel : 0;
  InitialLevel(p, w, l0, wantD, ws.Levels[0]);
  int which = 0; // ws.Levels[which] holds the current level
  for (int l = l0; l < n; ++l)
  {
    if (progressAbort && progressAbort(double(l - l0) / double(std::max(1, n - l0))))
    {
      return false;
    }
    RefineLevel(p, w, l, wantD, ws.Levels[which], ws.Levels[1 - which], pf);
    which = 1 - which;
  }
  CropToWindow(ws.Levels[which], w, height, displacement);
  if (progressAbort)
  {
    progressAbort(1.0);
  }
  return true;
}

void CutPeaks(std::vector<double>& height, const TerrainWindow& w, double strength, int iterations,
  const std::function<bool(int, int)>& fixed, const ParallelFor& pf)
{
  const int nx = w.Nx(), ny = w.Ny();
  std::vector<double> src;
  for (int it = 0; it < iterations; ++it)
  {
    src = height; // Jacobi: every point sees the previous sweep
    RunFor(pf, ny, [&](long long jb, long long je) {
      for (long long jj = jb; jj < je; ++jj)
      {
        const int j = int(jj);
        for (int i = 0; i < nx; ++i)
        {
          if (fixed && fixed(w.I0 + i, w.J0 + j))
          {
            continue;
          }
          const double h = src[std::size_t(j) * nx + i];
          double lo = 1e308, hi = -1e308, sum = 0;
          int cnt = 0;
          for (int dj = -1; dj <= 1; ++dj)
          {
            for (int di = -1; di <= 1; ++di)
            {
              const int a = i + di, b = j + dj;
              if ((di || dj) && a >= 0 && a < nx && b >= 0 && b < ny)
              {
                const double v = src[std::size_t(b) * nx + a];
                lo = std::min(lo, v);
                hi = std::max(hi, v);
                sum += v;
                ++cnt;
              }
            }
          }
          if (cnt && (h > hi || h < lo))
          {
            height[std::size_t(j) * nx + i] = h - strength * (h - sum / cnt);
          }
        }
      }
    });
  }
}

void GridNormals(const double* xyz, int nx, int ny, float* normals)
{
  for (int j = 0; j < ny; ++j)
  {
    const int jm = std::max(0, j - 1), jp = std::min(ny - 1, j + 1);
    for (int i = 0; i < nx; ++i)
    {
      const int im = std::max(0, i - 1), ip = std::min(nx - 1, i + 1);
      const double* a = xyz + 3 * (std::size_t(j) * nx + im);
      const double* b = xyz + 3 * (std::size_t(j) * nx + ip);
      const double* c = xyz + 3 * (std::size_t(jm) * nx + i);
      const double* d = xyz + 3 * (std::size_t(jp) * nx + i);
      const double u[3] = { b[0] - a[0], b[1] - a[1], b[2] - a[2] };
      const double v[3] = { d[0] - c[0], d[1] - c[1], d[2] - c[2] };
      double n[3] = { u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0] };
      const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
      float* o = normals + 3 * (std::size_t(j) * nx + i);
      for (int k = 0; k < 3; ++k)
      {
        o[k] = len > 0 ? float(n[k] / len) : (k == 2 ? 1.f : 0.f);
      }
    }
  }
}

void GenerateCurve(int levels, double hurst, double sigma, std::uint64_t seed, double y0, double y1,
  int i0, int i1, std::vector<double>& out)
{
  // The same windowed refinement as the surface, in one dimension.
  int a0 = 0, a1 = 1;
  std::vector<double> cur = { y0, y1 };
  for (int l = 0; l < levels; ++l)
  {
    const int s = 1 << (levels - l);
    const int c0 = i0 / s, c1 = (i1 + s - 1) / s;
    const double delta = MidpointSigma(sigma, hurst, l + 1);
    std::vector<double> next(std::size_t(2 * (c1 - c0)) + 1);
    for (int i = 2 * c0; i <= 2 * c1; ++i)
    {
      double& v = next[std::size_t(i - 2 * c0)];
      if ((i & 1) == 0)
      {
        v = cur[std::size_t(i / 2 - a0)];
      }
      else
      {
        v = 0.5 * (cur[std::size_t(i / 2 - a0)] + cur[std::size_t(i / 2 + 1 - a0)]) +
          delta * CounterGaussian(seed, l + 1, std::uint64_t(i));
      }
    }
    cur.swap(next);
    a0 = 2 * c0;
    a1 = 2 * c1;
  }
  (void)a1;
  out.assign(cur.begin() + (i0 - a0), cur.begin() + (i1 - a0) + 1);
}

std::string TerrainSizeProblem(int levels, long long maximumPoints)
{
  const long long N = 1LL << levels;
  const double total = double(N + 1) * double(N + 1);
  if (!(total > double(maximumPoints)))
  {
    return std::string();
  }
  std::ostringstream msg;
  msg << levels << " levels would make " << (N + 1) << " x " << (N + 1) << " = " << total
      << " points (about " << total * 60 / 1e9 << " GB); the limit is " << maximumPoints
      << " (MaximumNumberOfPoints).";
  return msg.str();
}

namespace
{
// The control grid's level K (m x m points, m = 2^K + 1), or the problem.
std::string ControlGridLevel(long long np, int levels, long long& m, int& K)
{
  m = std::llround(std::sqrt(double(np)));
  K = -1;
  for (int k = 0; k <= 15; ++k)
  {
    if ((1LL << k) + 1 == m)
    {
      K = k;
    }
  }
  std::ostringstream msg;
  if (m * m != np || K < 0)
  {
    msg << "the control grid has " << np
        << " points; it must be m x m with m = 2^K + 1 (5, 9, 17, 33, ...).";
  }
  else if (K > levels)
  {
    msg << "the control grid is " << m << " x " << m << " (level " << K
        << ") but the terrain has only " << levels << " levels.";
  }
  return msg.str();
}

std::string ApplyControlGrid(
  const ControlGridInput& grid, TerrainSurface& s, std::vector<double>& store)
{
  const long long np = grid.NumberOfPoints;
  long long m = 0;
  int K = -1;
  std::string problem = ControlGridLevel(np, s.Parameters.Levels, m, K);
  if (!problem.empty())
  {
    return problem;
  }
  if (grid.HeightComponents > 1 || (grid.HeightComponents == 1 && !grid.Heights))
  {
    return "the control grid's height array '" + grid.HeightName + "' has " +
      std::to_string(grid.HeightComponents) + " components; it must have 1.";
  }
  store.resize(static_cast<std::size_t>(np));
  for (long long k = 0; k < np; ++k)
  {
    store[std::size_t(k)] = grid.Heights ? grid.Heights[k] : grid.Points[3 * k + 2];
    if (!std::isfinite(store[std::size_t(k)]))
    {
      return "control height " + std::to_string(k) + " is not finite.";
    }
  }
  // The control grid's corner points place the terrain.
  const long long cornerIds[4] = { 0, m - 1, m * m - 1, m * m - m };
  for (int c = 0; c < 4; ++c)
  {
    std::copy_n(grid.Points + 3 * cornerIds[c], 3, s.Corners[c]);
  }
  s.Parameters.ControlLevel = K;
  s.Parameters.ControlHeights = store.data();
  return std::string();
}
}

std::string PrepareTerrain(
  TerrainSurface& s, const ControlGridInput* grid, std::vector<double>& store)
{
  if (grid && grid->NumberOfPoints > 0)
  {
    const std::string problem = ApplyControlGrid(*grid, s, store);
    if (!problem.empty())
    {
      return problem;
    }
  }
  for (int c = 0; c < 4; ++c)
  {
    s.Parameters.CornerHeights[c] = s.Corners[c][2];
  }
  const std::string problem = ValidateTerrain(s.Parameters);
  return problem.empty() ? problem : problem + ".";
}

bool ClampTerrainExtent(int levels, int extent[4])
{
  const int N = 1 << levels;
  extent[0] = std::max(extent[0], 0);
  extent[2] = std::max(extent[2], 0);
  extent[1] = std::min(extent[1], N);
  extent[3] = std::min(extent[3], N);
  return extent[1] >= extent[0] && extent[3] >= extent[2];
}

namespace
{
// Positions on the window: bilinear x, y of the corners, z = elevation.
std::vector<double> WindowPoints(
  const TerrainSurface& s, const TerrainWindow& w, const std::vector<double>& height)
{
  const double N = double(1LL << s.Parameters.Levels);
  const int wx = w.Nx(), wy = w.Ny();
  const auto& corners = s.Corners;
  std::vector<double> xyz(std::size_t(wx) * wy * 3);
  for (int j = 0; j < wy; ++j)
  {
    const double v = double(w.J0 + j) / N;
    for (int i = 0; i < wx; ++i)
    {
      const double u = double(w.I0 + i) / N;
      double* o = &xyz[3 * (std::size_t(j) * wx + i)];
      for (int k = 0; k < 2; ++k)
      {
        o[k] = (1 - u) * (1 - v) * corners[0][k] + u * (1 - v) * corners[1][k] +
          u * v * corners[2][k] + (1 - u) * v * corners[3][k];
      }
      o[2] = height[std::size_t(j) * wx + i];
    }
  }
  return xyz;
}

// The level that created (i, j): n minus the trailing zero bits both share.
unsigned char CreatingLevel(int n, int gi, int gj)
{
  int tz = n;
  while (tz > 0 && ((gi | gj) & ((1 << tz) - 1)) != 0)
  {
    --tz;
  }
  return static_cast<unsigned char>(n - tz);
}
}

bool MakeTerrain(const TerrainSurface& s, const int ext[4], const TerrainOutput& out,
  const ParallelFor& pf, const std::function<bool(double)>& progressAbort)
{
  const TerrainParameters& p = s.Parameters;
  const int n = p.Levels;
  const long long N = 1LL << n;
  // The extent grown by the rows that peak cutting and normals need from
  // the neighbouring pieces.
  const int cut = s.PeakCuttingIterations;
  const int g = cut + 1;
  const TerrainWindow w{ std::max(0, ext[0] - g), std::min<int>(int(N), ext[1] + g),
    std::max(0, ext[2] - g), std::min<int>(int(N), ext[3] + g) };
  std::vector<double> height, disp;
  if (!GenerateTerrain(p, w, height, s.ComputeDisplacement ? &disp : nullptr, pf, progressAbort))
  {
    return false;
  }
  if (cut > 0)
  {
    const int step = p.ControlLevel >= 0 ? int(N >> p.ControlLevel) : int(N);
    CutPeaks(
      height, w, s.PeakCuttingStrength, cut,
      [step](int i, int j) { return i % step == 0 && j % step == 0; }, pf);
  }
  const int wx = w.Nx();
  const std::vector<double> xyz = WindowPoints(s, w, height);
  std::vector<float> nrm(xyz.size());
  GridNormals(xyz.data(), wx, w.Ny(), nrm.data());

  // Crop the window to the requested extent.
  const int ox = ext[1] - ext[0] + 1, oy = ext[3] - ext[2] + 1;
  for (int j = 0; j < oy; ++j)
  {
    const int gj = ext[2] + j;
    for (int i = 0; i < ox; ++i)
    {
      const int gi = ext[0] + i;
      const std::size_t src = std::size_t(gj - w.J0) * wx + (gi - w.I0);
      const std::size_t dst = std::size_t(j) * ox + i;
      std::copy_n(&xyz[3 * src], 3, out.Points + 3 * dst);
      out.Elevation[dst] = height[src];
      std::copy_n(&nrm[3 * src], 3, out.Normals + 3 * dst);
      out.GlobalIds[dst] = (long long)(gj) * (N + 1) + gi;
      if (s.ComputeDisplacement)
      {
        out.Displacement[dst] = disp[src];
        out.Level[dst] = CreatingLevel(n, gi, gj);
      }
    }
  }
  return true;
}
}
