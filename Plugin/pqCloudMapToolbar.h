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
 * - **Antenna Pattern** applies CloudMapAntennaPatternSurface to the active
 *   far-field table and shows it at 40 % opacity in its band colours.
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

class pqCloudMapToolbar : public QToolBar
{
  Q_OBJECT
  using Superclass = QToolBar;

public:
  explicit pqCloudMapToolbar(QWidget* parent = nullptr);
  ~pqCloudMapToolbar() override;

  /// Applies Surface Cloud Map to the active source; returns false if it cannot.
  bool applySurfaceCloudMap();

  /// Applies Antenna Pattern Surface to the active far-field table.
  bool applyAntennaPattern();

private Q_SLOTS:
  void updateEnableState();

private:
  Q_DISABLE_COPY(pqCloudMapToolbar)

  QAction* SurfaceCloudMapAction;
  QAction* AntennaPatternAction;
};

#endif
