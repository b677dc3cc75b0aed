// Refinement and banding on plain arrays with CloudMap's Core library (no
// VTK): one triangle and one quad refined by the centroid-midpoint rule, then
// values banded into 24 bands. Prints what it computed, one fact a line, for
// Testing/install/test_sdk.sh to check against the closed forms.
#include <cmBanding.h>
#include <cmRefinement.h>

#include <cstdint>
#include <cstdio>
#include <vector>

int main()
{
  const cm::Vec3 triangle[3] = { { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 } };
  const cm::Vec3 quad[4] = { { 0, 0, 0 }, { 1, 0, 0 }, { 1, 1, 0 }, { 0, 1, 0 } };
  for (int level = 1; level <= 4; ++level)
  {
    for (int n : { 3, 4 })
    {
      const cm::map::RefineCounts counts = cm::map::RefinedSize(n, level);
      std::vector<double> points(3 * counts.Points);
      std::vector<std::int64_t> conn(counts.Connectivity);
      cm::map::RefineOutput out;
      out.Points = points.data();
      out.Connectivity = conn.data();
      cm::map::RefineElement(n == 3 ? triangle : quad, n, level, out);
      // Every sub-element is a quad: 4 ids each.
      std::printf("refine corners=%d level=%d cells=%lld quads=%lld\n", n, level,
        static_cast<long long>(counts.Cells), static_cast<long long>(conn.size() / 4));
    }
  }

  cm::map::BandSpec spec;
  spec.Min = 0.0;
  spec.Max = 2.4;
  spec.N = 24;
  for (int k : { 0, 5, 23 })
  {
    const double mid = spec.Min + (k + 0.5) * (spec.Max - spec.Min) / spec.N;
    std::printf("band value=%.4f band=%d expected=%d\n", mid, spec.Band(mid), k);
  }
  std::printf("band value=%.4f band=%d expected=%d\n", spec.Max, spec.Band(spec.Max), spec.N - 1);
  return 0;
}
