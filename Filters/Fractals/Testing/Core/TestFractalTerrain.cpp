// SPDX-License-Identifier: BSD-3-Clause
// Random midpoint displacement against the fBm oracles of ORACLES.md:
// variogram slope 2H (curve and surface), Saupe's displacement variance,
// roughness order in H, exact constraints, determinism, windows == full grid,
// and peak cutting lowering the 99th-percentile curvature.
#include "cmCheck.h"
#include "cmFractalTerrain.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

namespace
{
// Least-squares slope of y against x.
double Slope(const std::vector<double>& x, const std::vector<double>& y)
{
  double mx = 0, my = 0;
  for (std::size_t k = 0; k < x.size(); ++k)
  {
    mx += x[k];
    my += y[k];
  }
  mx /= x.size();
  my /= y.size();
  double sxy = 0, sxx = 0;
  for (std::size_t k = 0; k < x.size(); ++k)
  {
    sxy += (x[k] - mx) * (y[k] - my);
    sxx += (x[k] - mx) * (x[k] - mx);
  }
  return sxy / sxx;
}

std::vector<double> Surface(int n, double H, unsigned seed)
{
  cm::fractal::TerrainParameters p;
  p.Levels = n;
  p.Hurst = H;
  p.Seed = seed;
  const int N = 1 << n;
  cm::fractal::TerrainWindow w{ 0, N, 0, N };
  std::vector<double> h;
  cm::fractal::GenerateTerrain(p, w, h, nullptr);
  return h;
}

// Log-log slope of the variogram Var[h(x+d) - h(x)] over lags d = 1..8
// (small against the 512-wide grid, so the fixed corners do not matter),
// averaged over seeds and both axes. `aligned` keeps only pairs whose points
// are both nodes of the level with spacing d (the pairs Saupe's variance law
// governs); otherwise all positions are used (printed, MPD's known bias).
double SurfaceSlope(double H, bool aligned)
{
  const int n = 9, N = 1 << n, M = N + 1, K = 4;
  std::vector<double> sum(K, 0.0), cnt(K, 0.0), lx, ly;
  for (unsigned seed = 1; seed <= 8; ++seed)
  {
    const auto h = Surface(n, H, seed);
    for (int k = 0; k < K; ++k)
    {
      const int d = 1 << k, step = aligned ? d : 1;
      for (int j = 0; j <= N; j += step)
      {
        for (int i = 0; i + d <= N; i += step)
        {
          const double a = h[std::size_t(j) * M + i + d] - h[std::size_t(j) * M + i];
          const double b = h[std::size_t(i + d) * M + j] - h[std::size_t(i) * M + j];
          sum[k] += a * a + b * b;
          cnt[k] += 2;
        }
      }
    }
  }
  for (int k = 0; k < K; ++k)
  {
    lx.push_back(std::log(double(1 << k)));
    ly.push_back(std::log(sum[k] / cnt[k]));
  }
  return Slope(lx, ly);
}

double CurveSlope(double H, bool aligned)
{
  const int n = 14, N = 1 << n, K = 5;
  std::vector<double> sum(K, 0.0), cnt(K, 0.0), lx, ly;
  for (unsigned seed = 1; seed <= 16; ++seed)
  {
    std::vector<double> c;
    cm::fractal::GenerateCurve(n, H, 1.0, seed, 0, 0, 0, N, c);
    for (int k = 0; k < K; ++k)
    {
      const int d = 1 << k, step = aligned ? d : 1;
      for (int i = 0; i + d <= N; i += step)
      {
        const double a = c[i + d] - c[i];
        sum[k] += a * a;
        cnt[k] += 1;
      }
    }
  }
  for (int k = 0; k < K; ++k)
  {
    lx.push_back(std::log(double(1 << k)));
    ly.push_back(std::log(sum[k] / cnt[k]));
  }
  return Slope(lx, ly);
}

double MeanAbsSlope(const std::vector<double>& h, int M)
{
  double s = 0;
  for (int j = 0; j < M; ++j)
  {
    for (int i = 0; i + 1 < M; ++i)
    {
      s += std::abs(h[std::size_t(j) * M + i + 1] - h[std::size_t(j) * M + i]);
    }
  }
  return s / (double(M) * (M - 1));
}

double Curvature99(const std::vector<double>& h, int M)
{
  std::vector<double> c;
  for (int j = 1; j + 1 < M; ++j)
  {
    for (int i = 1; i + 1 < M; ++i)
    {
      const std::size_t k = std::size_t(j) * M + i;
      c.push_back(std::abs(h[k - 1] + h[k + 1] + h[k - M] + h[k + M] - 4 * h[k]));
    }
  }
  std::sort(c.begin(), c.end());
  return c[std::size_t(0.99 * (c.size() - 1))];
}

// The refusals of the size and of the control grid, worded as the filter
// reports them, and a valid grid placing the terrain by its corner points.
void ControlGridRefusals()
{
  // 32769^2 = 1073807361 points, 60 bytes each.
  CM_EQUAL(cm::fractal::TerrainSizeProblem(15, 1000),
    std::string("15 levels would make 32769 x 32769 = 1.07381e+09 points (about 64.4284 GB); "
                "the limit is 1000 (MaximumNumberOfPoints)."));
  CM_EQUAL(cm::fractal::TerrainSizeProblem(5, 1089), std::string());
  std::vector<double> xyz(3 * 81), store;
  for (int k = 0; k < 81; ++k)
  {
    xyz[3 * k] = 10 + k % 9;
    xyz[3 * k + 1] = 20 + k / 9;
    xyz[3 * k + 2] = 0.5 * k;
  }
  auto prepare = [&](int levels, long long np, const double* heights, int components) {
    cm::fractal::TerrainSurface s;
    s.Parameters.Levels = levels;
    cm::fractal::ControlGridInput in;
    in.Points = xyz.data();
    in.NumberOfPoints = np;
    in.Heights = heights;
    in.HeightComponents = components;
    in.HeightName = "h";
    const std::string problem = cm::fractal::PrepareTerrain(s, &in, store);
    return std::make_pair(problem, s);
  };
  CM_EQUAL(prepare(4, 80, nullptr, 0).first,
    std::string("the control grid has 80 points; it must be m x m with m = 2^K + 1 (5, 9, 17, "
                "33, ...)."));
  CM_EQUAL(prepare(2, 81, nullptr, 0).first,
    std::string("the control grid is 9 x 9 (level 3) but the terrain has only 2 levels."));
  CM_EQUAL(prepare(4, 81, nullptr, 3).first,
    std::string("the control grid's height array 'h' has 3 components; it must have 1."));
  std::vector<double> heights(81, 1.0);
  heights[4] = std::nan("");
  CM_EQUAL(prepare(4, 81, heights.data(), 1).first, std::string("control height 4 is not finite."));
  const auto ok = prepare(4, 81, nullptr, 0);
  CM_EQUAL(ok.first, std::string());
  CM_EQUAL(ok.second.Parameters.ControlLevel, 3);
  CM_EQUAL(ok.second.Corners[2][0], 18.0); // the grid's last point
  CM_EQUAL(ok.second.Corners[2][1], 28.0);
  CM_EQUAL(ok.second.Parameters.CornerHeights[3], 0.5 * 72); // point (0, 8): z
}
}

int TestFractalTerrain(int, char*[])
{
  // Saupe's variance formula, checked against its closed form at H = 1/2:
  // Δ_k² = σ²·(1 − 2^(−1))/2^k.
  CM_NEAR(std::pow(cm::fractal::MidpointSigma(2.0, 0.5, 3), 2), 4.0 * 0.5 / 8.0, 1e-14);

  for (double H : { 0.2, 0.5, 0.8 })
  {
    const double cs = CurveSlope(H, true), ss = SurfaceSlope(H, true);
    std::printf("H = %.1f: variogram slope (grid-aligned pairs) curve %.3f, surface %.3f; "
                "all positions: curve %.3f, surface %.3f; expected 2H = %.1f\n",
      H, cs, ss, CurveSlope(H, false), SurfaceSlope(H, false), 2 * H);
    CM_NEAR(cs, 2 * H, 0.1);
    CM_NEAR(ss, 2 * H, 0.1);
  }

  // The displacements themselves: at level k their variance is Saupe's
  // sigma^2 (1 - 2^(2H-2)) / 2^(2kH), checked against that closed form with a
  // tolerance of 4 standard errors of a sample variance, sqrt(2/n).
  {
    const int n = 9, N = 1 << n, M = N + 1;
    const double H = 0.35, sigma = 1.5;
    std::vector<double> sum(n + 1, 0.0), cnt(n + 1, 0.0);
    for (unsigned seed = 1; seed <= 4; ++seed)
    {
      cm::fractal::TerrainParameters p;
      p.Levels = n;
      p.Hurst = H;
      p.Sigma = sigma;
      p.Seed = seed;
      std::vector<double> h, d;
      cm::fractal::GenerateTerrain(p, { 0, N, 0, N }, h, &d);
      for (int j = 0; j <= N; ++j)
      {
        for (int i = 0; i <= N; ++i)
        {
          // Edge midpoints of level k: exactly one of i, j is an odd multiple of 2^(n-k).
          int k = n;
          while (k > 0 && ((i | j) & ((1 << (n - k + 1)) - 1)) == 0)
          {
            --k;
          }
          const bool centre = ((i >> (n - k)) & 1) && ((j >> (n - k)) & 1);
          if (k > 0 && !centre)
          {
            sum[std::size_t(k)] += d[std::size_t(j) * M + i] * d[std::size_t(j) * M + i];
            cnt[std::size_t(k)] += 1;
          }
        }
      }
    }
    for (int k = 4; k <= n; ++k)
    {
      const double want = sigma * sigma * (1 - std::pow(2.0, 2 * H - 2)) / std::pow(2.0, 2 * k * H);
      const double got = sum[std::size_t(k)] / cnt[std::size_t(k)];
      CM_NEAR(got / want, 1.0, 4 * std::sqrt(2.0 / cnt[std::size_t(k)]));
    }
  }

  // Roughness order: larger H, lower mean absolute slope (same seeds).
  {
    const int n = 7, M = (1 << n) + 1;
    double prev = 1e300;
    for (double H : { 0.1, 0.3, 0.5, 0.7, 0.9 })
    {
      double s = 0;
      for (unsigned seed = 1; seed <= 4; ++seed)
      {
        s += MeanAbsSlope(Surface(n, H, seed), M);
      }
      std::printf("H = %.1f: mean |slope| %.5f\n", H, s / 4);
      CM_CHECK(s / 4 < prev);
      prev = s / 4;
    }
  }

  // Determinism and seed sensitivity.
  {
    const auto a = Surface(6, 0.5, 7), b = Surface(6, 0.5, 7), c = Surface(6, 0.5, 8);
    CM_CHECK(a == b);
    CM_CHECK(a != c);
  }

  // Any window equals the same part of the full grid, bit for bit.
  {
    cm::fractal::TerrainParameters p;
    p.Levels = 7;
    p.Hurst = 0.3;
    p.Seed = 99;
    p.CornerHeights[1] = 2;
    p.CornerHeights[2] = -1;
    const int N = 128, M = N + 1;
    std::vector<double> full, part;
    cm::fractal::GenerateTerrain(p, { 0, N, 0, N }, full, nullptr);
    const cm::fractal::TerrainWindow ws[] = { { 13, 77, 5, 6 }, { 0, 64, 64, 128 },
      { 127, 128, 0, 128 }, { 33, 33, 91, 91 } };
    for (const auto& w : ws)
    {
      cm::fractal::GenerateTerrain(p, w, part, nullptr);
      bool same = part.size() == std::size_t(w.Nx()) * w.Ny();
      for (int j = 0; same && j < w.Ny(); ++j)
      {
        for (int i = 0; i < w.Nx(); ++i)
        {
          same =
            same && part[std::size_t(j) * w.Nx() + i] == full[std::size_t(w.J0 + j) * M + w.I0 + i];
        }
      }
      CM_CHECK(same);
    }
    // Corners are the given heights.
    CM_CHECK(full[0] == 0 && full[N] == 2 && full[std::size_t(M) * M - 1] == -1);
    // The 1-D curve too.
    std::vector<double> c, c2;
    cm::fractal::GenerateCurve(10, 0.4, 1, 5, 1, 3, 0, 1024, c);
    cm::fractal::GenerateCurve(10, 0.4, 1, 5, 1, 3, 300, 517, c2);
    CM_CHECK(std::equal(c2.begin(), c2.end(), c.begin() + 300));
    CM_CHECK(c[0] == 1 && c[1024] == 3);
  }

  // Constrained interpolation passes exactly through the control heights,
  // and peak cutting keeps them while lowering the 99th-percentile curvature.
  {
    const int K = 3, m = 9, n = 7, N = 128, M = N + 1, step = N / (m - 1);
    std::vector<double> ctrl(m * m);
    for (int j = 0; j < m; ++j)
    {
      for (int i = 0; i < m; ++i)
      {
        const double r = std::hypot(i - 4.0, j - 4.0);
        ctrl[j * m + i] = 3 * std::exp(-(r - 2) * (r - 2)) - 0.1 * r; // a crater rim
      }
    }
    cm::fractal::TerrainParameters p;
    p.Levels = n;
    p.Hurst = 0.4;
    p.Sigma = 0.5;
    p.Seed = 3;
    p.ControlLevel = K;
    p.ControlHeights = ctrl.data();
    std::vector<double> h;
    cm::fractal::GenerateTerrain(p, { 0, N, 0, N }, h, nullptr);
    bool exact = true;
    for (int j = 0; j < m; ++j)
    {
      for (int i = 0; i < m; ++i)
      {
        exact = exact && h[std::size_t(j * step) * M + i * step] == ctrl[j * m + i];
      }
    }
    CM_CHECK(exact);
    const double before = Curvature99(h, M);
    auto fixed = [&](int i, int j) { return i % step == 0 && j % step == 0; };
    cm::fractal::CutPeaks(h, { 0, N, 0, N }, 0.8, 3, fixed);
    const double after = Curvature99(h, M);
    std::printf("peak cutting: 99th-percentile |laplacian| %.4f -> %.4f\n", before, after);
    CM_CHECK(after < 0.9 * before);
    exact = true;
    for (int j = 0; j < m; ++j)
    {
      for (int i = 0; i < m; ++i)
      {
        exact = exact && h[std::size_t(j * step) * M + i * step] == ctrl[j * m + i];
      }
    }
    CM_CHECK(exact);
  }
  ControlGridRefusals();
  return cmReport("TestFractalTerrain");
}
