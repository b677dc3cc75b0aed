// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file pqCloudMapCompat.h
 * @brief The few ParaView API differences between the releases CloudMap
 * supports (5.11 to 6.x), in one place.
 *
 * ParaView 5.12 moved the static colouring helpers of
 * vtkSMPVRepresentationProxy (SetScalarColoring, SetScalarBarVisibility)
 * to vtkSMColorMapEditorHelper; 5.13 removed the old ones.
 *
 * ParaView 6.0 formats scalar-bar labels with std::format ("{:<#6.3g}");
 * 6.1 still converts printf formats ("%-#6.3g") but warns that this is
 * deprecated, and the GUI tests treat warnings as failures.
 */
#ifndef pqCloudMapCompat_h
#define pqCloudMapCompat_h

#include "vtkPVVersion.h"

#define CLOUDMAP_PARAVIEW_AT_LEAST(major, minor)                                                   \
  (PARAVIEW_VERSION_CHECK(PARAVIEW_VERSION_MAJOR, PARAVIEW_VERSION_MINOR, 0) >=                    \
    PARAVIEW_VERSION_CHECK(major, minor, 0))

#if CLOUDMAP_PARAVIEW_AT_LEAST(5, 12)
#include "vtkSMColorMapEditorHelper.h"
namespace cm
{
/// The static representation colouring helpers of this ParaView.
using ColoringHelper = vtkSMColorMapEditorHelper;
}
#else
#include "vtkSMPVRepresentationProxy.h"
namespace cm
{
/// The static representation colouring helpers of this ParaView.
using ColoringHelper = vtkSMPVRepresentationProxy;
}
#endif

/// A scalar-bar label format for this ParaView: left-aligned, 3 significant
/// digits, trailing zeros kept (printf "%-#6.3g").
/// A dB legend's label format: whole decibels ("-30", "0").
#if CLOUDMAP_PARAVIEW_AT_LEAST(6, 0)
#define CLOUDMAP_LEGEND_LABEL_FORMAT "{:<#6.3g}"
#define CLOUDMAP_LEGEND_DB_FORMAT "{:.0f}"
#else
#define CLOUDMAP_LEGEND_LABEL_FORMAT "%-#6.3g"
#define CLOUDMAP_LEGEND_DB_FORMAT "%.0f"
#endif

#endif
