// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmBandTable.h
 * @brief The legend table of a band spec, shared by the cloud-map and
 *        antenna-pattern filters.
 */
#ifndef cmBandTable_h
#define cmBandTable_h

#include "CloudMapFiltersCloudMapModule.h"
#include "cmBanding.h"

class vtkTable;

namespace cm::map
{
/// The legend table of a band spec: BandIndex, Lower, Upper, Red, Green, Blue, Label.
CLOUDMAPFILTERSCLOUDMAP_EXPORT void FillBandTable(
  vtkTable* table, const BandSpec& spec, Palette palette);
} // namespace cm::map
#endif
