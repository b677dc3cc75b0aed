// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class pqCloudMapPresetFollower
 * @brief Keeps the Properties panel's Preset and custom fields of L-System
 *        and Iterated Function System in step before Apply.
 *
 * vtkSMCloudMapPresetSourceProxy does it for the applied values; this does it
 * for the unchecked ones the panel edits: choosing a preset in the combo box
 * shows its axiom, rules, angle ... (or maps) at once, and typing in one of
 * those fields a value other than the preset's switches the combo box to
 * Custom. Then Apply writes values that already agree.
 */
#ifndef pqCloudMapPresetFollower_h
#define pqCloudMapPresetFollower_h

#include <QObject>
#include <QPointer>

class vtkSMCloudMapPresetSourceProxy;
class vtkSMProxy;

class pqCloudMapPresetFollower : public QObject
{
  Q_OBJECT
public:
  /// Does nothing unless `proxy` is a vtkSMCloudMapPresetSourceProxy.
  pqCloudMapPresetFollower(vtkSMProxy* proxy, QObject* parent);

private Q_SLOTS:
  void presetChanged();
  void fieldChanged();

private:
  vtkSMCloudMapPresetSourceProxy* Proxy = nullptr;
  bool Updating = false;
};

#endif
