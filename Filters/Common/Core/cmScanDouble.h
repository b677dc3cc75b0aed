// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmScanDouble.h
 * @brief The project's one decimal parser (fast_float; pipeline free, locale free).
 */
#ifndef cmScanDouble_h
#define cmScanDouble_h

namespace cm
{
/**
 * The project's one decimal parser. ScanDouble converts the number that starts
 * at `first` ([-]digits[.digits][e|E[sign]digits], also inf and nan) and
 * returns where it ends; it returns `first`, value unspecified, when no number
 * starts there or its magnitude is out of the double range. The result is
 * correctly rounded (the same bits as strtod in the C locale) and, unlike
 * strtod, does not depend on LC_NUMERIC. It skips no blanks and accepts no
 * leading '+'. It stops at the first byte that cannot continue the number, so
 * a caller checks what follows.
 */
const char* ScanDouble(const char* first, const char* last, double& value);
} // namespace cm

#endif
