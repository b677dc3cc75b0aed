// SPDX-License-Identifier: BSD-3-Clause
// Polarization against hand-worked fields: a θ-polarized field is linear with
// tilt 0 and co-polar in Ludwig-3 at φ = 0; θ̂ − jφ̂ overhead (x̂ − jŷ,
// rotating x → y about +z) is right-hand circular with AR 1; θ̂ + jφ̂ is left;
// an elliptical field 2θ̂ − jφ̂ has AR 2 and is right-handed.
#include "cmCheck.h"
#include "cmPolarization.h"

using namespace cm::pattern;

int TestPolarization(int, char*[])
{
  const std::complex<double> j(0, 1);
  Polarization lin = ComputePolarization(1.0, 0.0, 0.0, 0.0);
  CM_CHECK(lin.Sense == 0 && std::isinf(lin.AxialRatio));
  CM_NEAR(lin.Tilt, 0.0, 1e-12);
  CM_NEAR(std::abs(lin.Co), 1.0, 1e-15);
  CM_NEAR(std::abs(lin.Cross), 0.0, 1e-15);
  Polarization phiLin = ComputePolarization(0.0, 1.0, 0.0, 0.0);
  CM_NEAR(std::abs(phiLin.Tilt), 90.0, 1e-12);
  // Ludwig-3 at φ = 90: θ̂ points along y there, so a y reference sees it co-polar.
  Polarization y = ComputePolarization(1.0, 0.0, 90.0, 90.0);
  CM_NEAR(std::abs(y.Co), 1.0, 1e-12);
  CM_NEAR(std::abs(y.Cross), 0.0, 1e-12);

  Polarization rhcp = ComputePolarization(1.0, -j, 0.0, 0.0);
  CM_CHECK(rhcp.Sense == 1);
  CM_NEAR(rhcp.AxialRatio, 1.0, 1e-12);
  CM_NEAR(std::abs(rhcp.Left), 0.0, 1e-15);
  Polarization lhcp = ComputePolarization(1.0, j, 0.0, 0.0);
  CM_CHECK(lhcp.Sense == -1);
  Polarization ell = ComputePolarization(2.0, -j, 0.0, 0.0);
  CM_CHECK(ell.Sense == 1);
  CM_NEAR(ell.AxialRatio, 2.0, 1e-12);
  CM_NEAR(ell.Tilt, 0.0, 1e-12);
  // Power is shared: |E_R|² + |E_L|² = |E_θ|² + |E_φ|².
  const std::complex<double> et(0.3, -1.2), ep(-0.7, 0.4);
  Polarization g = ComputePolarization(et, ep, 33.0, 10.0);
  CM_NEAR(std::norm(g.Right) + std::norm(g.Left), std::norm(et) + std::norm(ep), 1e-12);
  CM_NEAR(std::norm(g.Co) + std::norm(g.Cross), std::norm(et) + std::norm(ep), 1e-12);
  return cmReport("TestPolarization");
}
