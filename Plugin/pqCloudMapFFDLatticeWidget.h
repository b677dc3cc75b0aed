// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class pqCloudMapFFDLatticeWidget
 * @brief The Free Form Deformation's lattice handle: a 3-D point handle in
 *        the render view that places one control point
 *        (`<PropertyGroup panel_widget="cloudmap_ffd_lattice">` holding
 *        ControlPointPosition with function "WorldPosition").
 *
 * Choose the control point with Selected Control Point (index
 * i + L0 (j + L1 k)); the handle jumps to that point's current position
 * (rest position in the lattice box plus its entry in Displacements), and
 * dragging it, or typing its coordinates here, moves the control point:
 * after Apply the filter places that control point at the handle. The rest
 * positions are computed here exactly as the filter does (the input's
 * bounds, a flat axis given a unit extent, or Box Origin and Box Length),
 * from the input's data information, so this works with a remote server.
 *
 * State for XML test playback (`pqcheck`): controlPoint (the i j k shown).
 *
 * @sa vtkCloudMapFreeFormDeformation, pqHandlePropertyWidget
 */
#ifndef pqCloudMapFFDLatticeWidget_h
#define pqCloudMapFFDLatticeWidget_h

#include "pqInteractivePropertyWidget.h"

class QLabel;
class QLineEdit;

class pqCloudMapFFDLatticeWidget : public pqInteractivePropertyWidget
{
  Q_OBJECT
  Q_PROPERTY(QString controlPoint READ controlPoint)
  using Superclass = pqInteractivePropertyWidget;

public:
  pqCloudMapFFDLatticeWidget(
    vtkSMProxy* proxy, vtkSMPropertyGroup* group, QWidget* parent = nullptr);
  ~pqCloudMapFFDLatticeWidget() override;

  /// "i j k" of the selected control point, or "none".
  QString controlPoint() const;

  /// The current position of control point `index` (rest + displacement);
  /// false if the index is out of range or the box is unknown.
  bool controlPointPosition(int index, double position[3]) const;

protected Q_SLOTS:
  /// The handle stays where the property puts it; only a new selection moves it.
  void placeWidget() override;

private Q_SLOTS:
  void onSelectionChanged();
  void moveHandleTo(const double position[3]);

private:
  Q_DISABLE_COPY(pqCloudMapFFDLatticeWidget)

  QLabel* Info;
  QLineEdit* Position[3];
  int LastSelection = -2;
};

#endif
