// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapToolbar.h"

#include "cmBanding.h"

#include "pqActiveObjects.h"
#include "pqApplicationCore.h"
#include "pqObjectBuilder.h"
#include "pqOutputPort.h"
#include "pqPipelineSource.h"
#include "pqRenderView.h"
#include "pqServer.h"
#include "pqServerManagerModel.h"
#include "pqTimeKeeper.h"
#include "pqUndoStack.h"
#include "vtkDataObject.h"
#include "vtkNew.h"
#include "vtkPVArrayInformation.h"
#include "vtkPVDataInformation.h"
#include "vtkPVDataSetAttributesInformation.h"
#include "vtkSMInputProperty.h"
#include "pqCloudMapCompat.h"
#include "vtkSMParaViewPipelineControllerWithRendering.h"
#include "vtkSMPropertyHelper.h"
#include "vtkSMSessionProxyManager.h"
#include "vtkSMSourceProxy.h"
#include "vtkSMTransferFunctionManager.h"
#include "vtkSMTransferFunctionProxy.h"
#include "vtkSMViewProxy.h"

#include <QAction>
#include <QIcon>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace {
constexpr const char* SurfaceFilter = "CloudMapSurfaceCloudMap";
constexpr const char* PatternFilter = "CloudMapAntennaPatternSurface";
constexpr double PatternOpacity = 0.4;

/// True when the filter's input domains accept the port: the same test the
/// Filters menu uses, so the toolbar agrees with the menu in every case.
bool Accepts(const char* filterName, pqOutputPort* port)
{
  if (!port || !port->getServer()) {
    return false;
  }
  vtkSMSessionProxyManager* pxm = port->getServer()->proxyManager();
  vtkSMProxy* prototype = pxm ? pxm->GetPrototypeProxy("filters", filterName) : nullptr;
  auto* input =
    prototype ? vtkSMInputProperty::SafeDownCast(prototype->GetProperty("Input")) : nullptr;
  if (!input) {
    return false;
  }
  input->RemoveAllUncheckedProxies();
  input->AddUncheckedInputConnection(port->getSourceProxy(), port->getPortNumber());
  const bool ok = input->IsInDomains() != 0;
  input->RemoveAllUncheckedProxies();
  return ok;
}

/// The active view if it renders 3-D, else the first render view, else a new one.
pqRenderView* TargetView(pqServer* server)
{
  if (auto* active = qobject_cast<pqRenderView*>(pqActiveObjects::instance().activeView())) {
    return active;
  }
  pqServerManagerModel* smModel = pqApplicationCore::instance()->getServerManagerModel();
  const QList<pqRenderView*> views = smModel->findItems<pqRenderView*>(server);
  if (!views.isEmpty()) {
    return views.first();
  }
  pqObjectBuilder* builder = pqApplicationCore::instance()->getObjectBuilder();
  auto* view =
    qobject_cast<pqRenderView*>(builder->createView(pqRenderView::renderViewType(), server));
  if (view) {
    builder->addToLayout(view);
  }
  return view;
}

/**
 * Creates the filter on the port and brings it up to date, like Apply would.
 * The value array is the first of `preferred` that the input has (with the
 * given attribute association); otherwise the array domain's default, which
 * is the input's active scalars.
 */
pqPipelineSource* CreateFilter(const char* filterName,
                               pqOutputPort* port,
                               int association,
                               std::initializer_list<const char*> preferred)
{
  pqObjectBuilder* builder = pqApplicationCore::instance()->getObjectBuilder();
  pqPipelineSource* filter =
    builder->createFilter("filters", filterName, port->getSource(), port->getPortNumber());
  if (!filter) {
    return nullptr;
  }
  vtkSMSourceProxy* proxy = filter->getSourceProxy();
  vtkPVDataSetAttributesInformation* attributes =
    port->getDataInformation()->GetAttributeInformation(association);
  for (const char* name : preferred) {
    if (attributes && attributes->GetArrayInformation(name)) {
      vtkSMPropertyHelper(proxy, "SelectInputArray").SetInputArrayToProcess(association, name);
      proxy->UpdateVTKObjects();
      break;
    }
  }
  proxy->UpdatePipeline(port->getServer()->getTimeKeeper()->getTime());
  // Not UNINITIALIZED: the Properties panel must not ask for another Apply.
  filter->setModifiedState(pqProxy::UNMODIFIED);
  return filter;
}

/// Legend title: the quantity and its unit for the MoM readers' arrays. It
/// stays short because a vertical bar's title runs along the bar.
QString LegendTitle(const std::string& array)
{
  QString quantity = QString::fromStdString(array);
  if (array == "|J|") {
    quantity = QStringLiteral("Surface current density (A/m)");
  } else if (array == "|I|") {
    quantity = QStringLiteral("Current (A)");
  }
  // ParaView's text renderer drops '|', so a bare magnitude is spelt out.
  quantity.remove(QLatin1Char('|'));
  return quantity;
}

/**
 * Gives the lookup table the filter's exact band colours: one flat segment
 * per band (two control points), discretized to one table value per band so
 * that the colour at every band centre is the band's 8-bit BandColor.
 * The range is the band table's (output port 1), read from its data
 * information, so it is the filter's global range even under MPI.
 */
bool ApplyBands(vtkSMProxy* lut, pqPipelineSource* filter, double range[2], int& bands)
{
  vtkSMProxy* proxy = filter->getProxy();
  bands = vtkSMPropertyHelper(proxy, "NumberOfBands").GetAsInt();
  const auto palette =
    static_cast<cm::map::Palette>(vtkSMPropertyHelper(proxy, "Palette").GetAsInt());
  pqOutputPort* tablePort = filter->getOutputPort(1);
  vtkPVDataInformation* info = tablePort ? tablePort->getDataInformation() : nullptr;
  vtkPVDataSetAttributesInformation* rows = info ? info->GetRowDataInformation() : nullptr;
  vtkPVArrayInformation* lower = rows ? rows->GetArrayInformation("Lower") : nullptr;
  vtkPVArrayInformation* upper = rows ? rows->GetArrayInformation("Upper") : nullptr;
  if (!lower || !upper || bands < 1) {
    return false;
  }
  range[0] = lower->GetComponentRange(0)[0];
  range[1] = upper->GetComponentRange(0)[1];

  cm::map::BandSpec spec;
  spec.Min = range[0];
  spec.Max = range[1];
  spec.N = bands;
  std::vector<double> points;
  points.reserve(8 * static_cast<std::size_t>(bands));
  for (int k = 0; k < bands; ++k) {
    std::uint8_t rgb[3];
    cm::map::BandColor(palette, k, bands, rgb);
    const double width = spec.Upper(k) - spec.Lower(k);
    for (double x : { spec.Lower(k), spec.Upper(k) - 1e-6 * width }) {
      points.insert(points.end(), { x, rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0 });
    }
  }
  vtkSMPropertyHelper(lut, "AutomaticRescaleRangeMode").Set(vtkSMTransferFunctionManager::NEVER);
  vtkSMPropertyHelper(lut, "ColorSpace").Set(0); // RGB: no hue interpolation inside a band
  vtkSMPropertyHelper(lut, "RGBPoints")
    .Set(points.data(), static_cast<unsigned int>(points.size()));
  vtkSMPropertyHelper(lut, "Discretize").Set(1);
  vtkSMPropertyHelper(lut, "NumberOfTableValues").Set(bands);
  vtkSMPropertyHelper(lut, "ScalarRangeInitialized").Set(1);
  lut->UpdateVTKObjects();
  return true;
}

/// Legend labels at the band boundaries (every few bands when N is large).
void ConfigureLegend(vtkSMProxy* bar, const QString& title, const double range[2], int bands)
{
  std::vector<double> labels;
  const int step = bands > 8 ? bands / 8 : 1;
  for (int k = 0; k <= bands; k += step) {
    labels.push_back(range[0] + (range[1] - range[0]) * k / bands);
  }
  vtkSMPropertyHelper(bar, "Title").Set(title.toUtf8().constData());
  vtkSMPropertyHelper(bar, "ComponentTitle").Set("");
  vtkSMPropertyHelper(bar, "UseCustomLabels").Set(1);
  vtkSMPropertyHelper(bar, "CustomLabels")
    .Set(labels.data(), static_cast<unsigned int>(labels.size()));
  vtkSMPropertyHelper(bar, "AddRangeLabels").Set(1);
  vtkSMPropertyHelper(bar, "AutomaticLabelFormat").Set(0);
  vtkSMPropertyHelper(bar, "LabelFormat").Set(CLOUDMAP_LEGEND_LABEL_FORMAT);
  vtkSMPropertyHelper(bar, "RangeLabelFormat").Set(CLOUDMAP_LEGEND_LABEL_FORMAT);
  // Long enough for a label every few bands without overlaps.
  vtkSMPropertyHelper(bar, "ScalarBarLength").Set(0.6);
  bar->UpdateVTKObjects();
}
} // namespace

//-----------------------------------------------------------------------------
pqCloudMapToolbar::pqCloudMapToolbar(QWidget* parentObject)
  : Superclass(tr("Cloud Map"), parentObject)
{
  this->setObjectName(QStringLiteral("CloudMapToolbar"));

  this->SurfaceCloudMapAction = this->addAction(
    QIcon(QStringLiteral(":/CloudMap/Icons/SurfaceCloudMap.png")), tr("Surface Cloud Map"));
  this->SurfaceCloudMapAction->setObjectName(QStringLiteral("actionSurfaceCloudMap"));
  this->SurfaceCloudMapAction->setToolTip(
    tr("Surface Cloud Map of the selected MoM source: 24 bands, blue to red, with a legend"));
  QObject::connect(this->SurfaceCloudMapAction, &QAction::triggered, this, [this]() {
    this->applySurfaceCloudMap();
  });

  this->AntennaPatternAction = this->addAction(
    QIcon(QStringLiteral(":/CloudMap/Icons/AntennaPattern.png")), tr("Antenna Pattern"));
  this->AntennaPatternAction->setObjectName(QStringLiteral("actionAntennaPattern"));
  this->AntennaPatternAction->setToolTip(
    tr("Antenna Pattern Surface of the selected far-field table, at 40 % opacity"));
  QObject::connect(this->AntennaPatternAction, &QAction::triggered, this, [this]() {
    this->applyAntennaPattern();
  });

  // The data type is only known once the source has run, so the state
  // follows both the selection and the active source's updates.
  pqActiveObjects& active = pqActiveObjects::instance();
  QObject::connect(
    &active, &pqActiveObjects::portChanged, this, &pqCloudMapToolbar::updateEnableState);
  QObject::connect(
    &active, &pqActiveObjects::dataUpdated, this, &pqCloudMapToolbar::updateEnableState);
  this->updateEnableState();
}

//-----------------------------------------------------------------------------
pqCloudMapToolbar::~pqCloudMapToolbar() = default;

//-----------------------------------------------------------------------------
void pqCloudMapToolbar::updateEnableState()
{
  pqOutputPort* port = pqActiveObjects::instance().activePort();
  this->SurfaceCloudMapAction->setEnabled(Accepts(SurfaceFilter, port));
  this->AntennaPatternAction->setEnabled(Accepts(PatternFilter, port));
}

//-----------------------------------------------------------------------------
bool pqCloudMapToolbar::applySurfaceCloudMap()
{
  pqOutputPort* port = pqActiveObjects::instance().activePort();
  if (!Accepts(SurfaceFilter, port)) {
    return false;
  }
  pqScopedUndoSet undo(tr("Surface Cloud Map"));
  pqRenderView* view = TargetView(port->getServer());
  pqPipelineSource* filter = CreateFilter(SurfaceFilter, port, vtkDataObject::CELL, { "|J|" });
  if (!view || !filter) {
    return false;
  }
  auto* viewProxy = vtkSMViewProxy::SafeDownCast(view->getViewProxy());
  vtkSMProxy* proxy = filter->getProxy();
  // |J|, or the input's active cell scalars (|I| for the NEC reader).
  const std::string array = vtkSMPropertyHelper(proxy, "SelectInputArray").GetAsString(4);

  vtkNew<vtkSMParaViewPipelineControllerWithRendering> controller;
  vtkSMProxy* repr = controller->Show(filter->getSourceProxy(), 0, viewProxy);
  if (!repr) {
    return false;
  }
  controller->Hide(port->getSourceProxy(), port->getPortNumber(), viewProxy);
  // Show may have coloured by the active BandColor and shown its bar.
  cm::ColoringHelper::SetScalarBarVisibility(repr, viewProxy, false);
  cm::ColoringHelper::SetScalarColoring(repr, array.c_str(), vtkDataObject::CELL);
  vtkSMProxy* lut = vtkSMPropertyHelper(repr, "LookupTable", true).GetAsProxy();
  double range[2];
  int bands = 0;
  if (lut && ApplyBands(lut, filter, range, bands)) {
    cm::ColoringHelper::SetScalarBarVisibility(repr, viewProxy, true);
    if (vtkSMProxy* bar = vtkSMTransferFunctionProxy::FindScalarBarRepresentation(lut, viewProxy)) {
      ConfigureLegend(bar, LegendTitle(array), range, bands);
    }
  }
  repr->UpdateVTKObjects();
  pqActiveObjects::instance().setActiveSource(filter);
  view->resetDisplay();
  view->render();
  return true;
}

//-----------------------------------------------------------------------------
bool pqCloudMapToolbar::applyAntennaPattern()
{
  pqOutputPort* port = pqActiveObjects::instance().activePort();
  if (!Accepts(PatternFilter, port)) {
    return false;
  }
  pqScopedUndoSet undo(tr("Antenna Pattern"));
  pqRenderView* view = TargetView(port->getServer());
  pqPipelineSource* filter =
    CreateFilter(PatternFilter, port, vtkDataObject::ROW, { "|E|", "Gain" });
  if (!view || !filter) {
    return false;
  }
  auto* viewProxy = vtkSMViewProxy::SafeDownCast(view->getViewProxy());
  vtkNew<vtkSMParaViewPipelineControllerWithRendering> controller;
  vtkSMProxy* repr = controller->Show(filter->getSourceProxy(), 0, viewProxy);
  if (!repr) {
    return false;
  }
  // The exact band colours, seen through to the vehicle underneath.
  cm::ColoringHelper::SetScalarBarVisibility(repr, viewProxy, false);
  cm::ColoringHelper::SetScalarColoring(repr, "BandColor", vtkDataObject::CELL);
  vtkSMPropertyHelper(repr, "MapScalars").Set(0);
  vtkSMPropertyHelper(repr, "Opacity").Set(PatternOpacity);
  repr->UpdateVTKObjects();
  pqActiveObjects::instance().setActiveSource(filter);
  view->render();
  return true;
}
