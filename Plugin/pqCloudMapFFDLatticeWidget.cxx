// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapFFDLatticeWidget.h"

#include "pqCoreUtilities.h"
#include "vtkCommand.h"
#include "vtkPVDataInformation.h"
#include "vtkSMNewWidgetRepresentationProxy.h"
#include "vtkSMPropertyGroup.h"
#include "vtkSMPropertyHelper.h"
#include "vtkSMSourceProxy.h"
#include "vtkSMUncheckedPropertyHelper.h"

#include <QDoubleValidator>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>

#include <vector>

//-----------------------------------------------------------------------------
pqCloudMapFFDLatticeWidget::pqCloudMapFFDLatticeWidget(
  vtkSMProxy* smproxy, vtkSMPropertyGroup* smgroup, QWidget* parentObject)
  : Superclass("representations", "HandleWidgetRepresentation", smproxy, smgroup, parentObject)
{
  this->setShowLabel(false);

  auto* layout = new QGridLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  this->Info = new QLabel(this);
  this->Info->setObjectName(QStringLiteral("ControlPointInfo"));
  this->Info->setWordWrap(true);
  layout->addWidget(this->Info, 0, 0, 1, 4);
  layout->addWidget(new QLabel(tr("Handle"), this), 1, 0);
  const char* names[3] = { "HandleX", "HandleY", "HandleZ" };
  vtkSMProperty* position = smgroup->GetProperty("WorldPosition");
  for (int a = 0; a < 3; ++a)
  {
    this->Position[a] = new QLineEdit(this);
    this->Position[a]->setObjectName(QString::fromLatin1(names[a]));
    this->Position[a]->setValidator(new QDoubleValidator(this->Position[a]));
    layout->addWidget(this->Position[a], 1, a + 1);
    // Show the leading digits of a long coordinate, not its tail.
    QLineEdit* edit = this->Position[a];
    QObject::connect(edit, &QLineEdit::textChanged, edit, [edit]() {
      if (!edit->hasFocus())
      {
        edit->setCursorPosition(0);
      }
    });
    if (position)
    {
      this->addPropertyLink(
        this->Position[a], "text", SIGNAL(textChanged(const QString&)), position, a);
    }
  }
  auto* help = new QLabel(
    tr("Drag the handle in the view (or type its position) to move the selected control point, "
       "then Apply."),
    this);
  help->setWordWrap(true);
  layout->addWidget(help, 2, 0, 1, 4);

  // A new Selected Control Point puts the handle on that point, as the user types.
  if (vtkSMProperty* selected = smproxy->GetProperty("SelectedControlPoint"))
  {
    pqCoreUtilities::connect(
      selected, vtkCommand::UncheckedPropertyModifiedEvent, this, SLOT(onSelectionChanged()));
    pqCoreUtilities::connect(selected, vtkCommand::ModifiedEvent, this, SLOT(onSelectionChanged()));
    this->LastSelection = vtkSMUncheckedPropertyHelper(selected).GetAsInt();
  }
  for (const char* name : { "LatticeSize", "UseInputBounds", "BoxOrigin", "BoxLength" })
  {
    if (vtkSMProperty* p = smproxy->GetProperty(name))
    {
      pqCoreUtilities::connect(
        p, vtkCommand::UncheckedPropertyModifiedEvent, this, SLOT(onSelectionChanged()));
    }
  }
  this->onSelectionChanged();
}

//-----------------------------------------------------------------------------
pqCloudMapFFDLatticeWidget::~pqCloudMapFFDLatticeWidget() = default;

//-----------------------------------------------------------------------------
QString pqCloudMapFFDLatticeWidget::controlPoint() const
{
  vtkSMProxy* smproxy = this->proxy();
  vtkSMProperty* selected = smproxy->GetProperty("SelectedControlPoint");
  const int index = selected ? vtkSMUncheckedPropertyHelper(selected).GetAsInt() : -1;
  vtkSMUncheckedPropertyHelper size(smproxy, "LatticeSize");
  const int l0 = size.GetAsInt(0), l1 = size.GetAsInt(1), l2 = size.GetAsInt(2);
  if (index < 0 || l0 < 1 || l1 < 1 || index >= l0 * l1 * l2)
  {
    return QStringLiteral("none");
  }
  return QStringLiteral("%1 %2 %3").arg(index % l0).arg((index / l0) % l1).arg(index / (l0 * l1));
}

//-----------------------------------------------------------------------------
bool pqCloudMapFFDLatticeWidget::controlPointPosition(int index, double position[3]) const
{
  vtkSMProxy* smproxy = this->proxy();
  vtkSMUncheckedPropertyHelper size(smproxy, "LatticeSize");
  const int l[3] = { size.GetAsInt(0), size.GetAsInt(1), size.GetAsInt(2) };
  if (l[0] < 2 || l[1] < 2 || l[2] < 2 || index < 0 || index >= l[0] * l[1] * l[2])
  {
    return false;
  }
  double origin[3], length[3];
  if (vtkSMUncheckedPropertyHelper(smproxy, "UseInputBounds").GetAsInt() != 0)
  {
    // As the filter: the input's global bounds; a flat axis gets a unit extent.
    vtkSMPropertyHelper input(smproxy, "Input");
    auto* source = vtkSMSourceProxy::SafeDownCast(input.GetAsProxy());
    if (!source)
    {
      return false;
    }
    vtkPVDataInformation* info = source->GetDataInformation(input.GetOutputPort());
    double b[6];
    info->GetBounds(b);
    if (!(b[1] >= b[0]))
    {
      b[0] = b[2] = b[4] = 0;
      b[1] = b[3] = b[5] = 1;
    }
    for (int a = 0; a < 3; ++a)
    {
      const double len = b[2 * a + 1] - b[2 * a];
      length[a] = len > 0 ? len : 1.0;
      origin[a] = len > 0 ? b[2 * a] : b[2 * a] - 0.5;
    }
  }
  else
  {
    vtkSMUncheckedPropertyHelper o(smproxy, "BoxOrigin"), n(smproxy, "BoxLength");
    for (int a = 0; a < 3; ++a)
    {
      origin[a] = o.GetAsDouble(a);
      length[a] = n.GetAsDouble(a);
    }
  }
  const int ijk[3] = { index % l[0], (index / l[0]) % l[1], index / (l[0] * l[1]) };
  vtkSMUncheckedPropertyHelper displacements(smproxy, "Displacements");
  const bool displaced =
    displacements.GetNumberOfElements() == 3u * static_cast<unsigned int>(l[0] * l[1] * l[2]);
  for (int a = 0; a < 3; ++a)
  {
    position[a] = origin[a] + length[a] * double(ijk[a]) / double(l[a] - 1);
    if (displaced)
    {
      position[a] += displacements.GetAsDouble(3 * index + a);
    }
  }
  return true;
}

//-----------------------------------------------------------------------------
void pqCloudMapFFDLatticeWidget::placeWidget()
{
  // Nothing: the handle shows ControlPointPosition, which the proxy keeps.
}

//-----------------------------------------------------------------------------
void pqCloudMapFFDLatticeWidget::onSelectionChanged()
{
  vtkSMProperty* selected = this->proxy()->GetProperty("SelectedControlPoint");
  const int index = selected ? vtkSMUncheckedPropertyHelper(selected).GetAsInt() : -1;
  double p[3];
  const bool valid = this->controlPointPosition(index, p);
  if (!valid)
  {
    this->Info->setText(index < 0 ? tr("Set Selected Control Point (i + L0 (j + L1 k)) to place a "
                                       "control point with the handle.")
                                  : tr("Control point %1 is not in the lattice.").arg(index));
  }
  else
  {
    this->Info->setText(tr("Control point %1 (i j k = %2)").arg(index).arg(this->controlPoint()));
  }
  if (index != this->LastSelection)
  {
    this->LastSelection = index;
    if (valid)
    {
      this->moveHandleTo(p);
    }
  }
}

//-----------------------------------------------------------------------------
void pqCloudMapFFDLatticeWidget::moveHandleTo(const double position[3])
{
  vtkSMNewWidgetRepresentationProxy* handle = this->widgetProxy();
  if (!handle)
  {
    return;
  }
  vtkSMPropertyHelper(handle, "WorldPosition").Set(position, 3);
  handle->UpdateVTKObjects();
  Q_EMIT this->changeAvailable();
  this->render();
}
