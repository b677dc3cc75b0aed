// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmConstants.h
 * @brief The mathematical and physical constants every domain shares, so no
 *        file writes π or c as a literal of its own.
 */
#ifndef cmConstants_h
#define cmConstants_h

namespace cm
{
/// π to double precision (the value of M_PI and of std::acos(-1.0)).
constexpr double Pi = 3.14159265358979323846;
constexpr double TwoPi = 2.0 * Pi;
constexpr double HalfPi = 0.5 * Pi;
/// Degrees per radian and radians per degree.
constexpr double DegreesPerRadian = 180.0 / Pi;
constexpr double RadiansPerDegree = Pi / 180.0;
} // namespace cm

#endif
