// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class pqCloudMapToolbar
 * @brief The "Cloud Map" toolbar: one click from a MoM source to a banded
 *        cloud map with its legend, and one more for the antenna pattern.
 *
 * - **Surface Cloud Map** applies CloudMapSurfaceCloudMap with its defaults
 *   (24 bands, blue to red) to the active source, colours the result by the
 *   interpolated cell value with a discretized lookup table whose colours are
 *   exactly the filter's band colours, shows the legend with the band
 *   boundaries as labels, and hides the input.
 *   The source's other polygonal outputs (the NEC-2 reader's Wires) are shown
 *   as tubes (Tube filter, radius 0.004 x the model's bounding-box diagonal).
 * - **Antenna Pattern** applies CloudMapAntennaPatternSurface to the active
 *   far-field table, or to the far-field output of the active source or of a
 *   source upstream of it (the NEC-2 reader's Radiation Pattern when the reader
 *   or its cloud map is selected): centred on the first driven source
 *   (SourceIndex 0, from the table's SourcePosition[m]), radius 0.35 x the
 *   diagonal of the bounding box of the table source's polygonal outputs, on a
 *   Decibels scale with the bands fixed on -30..0 dB, at 40 % opacity, coloured
 *   by PatternValue through the exact band colours with its own dB legend.
 *   The other visible objects stay as they are.
 * - The **Source** combo box lists the selected pattern's sources (SourceName)
 *   and sets its SourceIndex (one undo step).
 *
 * Both are single undo steps and go through proxies only, so they work with a
 * remote server. An action is enabled only when the active output port is
 * accepted by the filter's input domains (data type and arrays), as in
 * ParaView's Filters menu.
 *
 * @sa vtkCloudMapSurfaceCloudMap, vtkCloudMapAntennaPatternSurface
 */
#ifndef pqCloudMapToolbar_h
#define pqCloudMapToolbar_h

#include <QToolBar>

class pqOutputPort;
class QAction;
class QComboBox;

class pqCloudMapToolbar : public QToolBar
{
  Q_OBJECT
  using Superclass = QToolBar;

public:
  explicit pqCloudMapToolbar(QWidget* parent = nullptr);
  ~pqCloudMapToolbar() override;

  /// Applies Surface Cloud Map to the active source; returns false if it cannot.
  bool applySurfaceCloudMap();

  /// Applies Antenna Pattern Surface to the active far-field table, or to the
  /// radiation pattern of the active model (or of a source upstream of it).
  bool applyAntennaPattern();

  /// Centres the active Antenna Pattern on source `index` (its SourceIndex).
  bool setPatternSource(int index);

private Q_SLOTS:
  void updateEnableState();

private:
  Q_DISABLE_COPY(pqCloudMapToolbar)

  QAction* SurfaceCloudMapAction;
  QAction* AntennaPatternAction;
  QComboBox* SourceCombo;
};

#endif
