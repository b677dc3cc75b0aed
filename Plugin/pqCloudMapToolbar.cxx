// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapToolbar.h"

#include "cmBanding.h"

#include "pqActiveObjects.h"
#include "pqApplicationCore.h"
#include "pqObjectBuilder.h"
#include "pqOutputPort.h"
#include "pqPipelineFilter.h"
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
#include <QComboBox>
#include <QIcon>
#include <QLabel>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace
{
constexpr const char* SurfaceFilter = "CloudMapSurfaceCloudMap";
constexpr const char* PatternFilter = "CloudMapAntennaPatternSurface";
constexpr const char* TubeFilter = "TubeFilter";
constexpr double PatternOpacity = 0.4;
/// The one-click pattern's radius: this fraction of the model's bounding-box diagonal.
constexpr double PatternRadiusFraction = 0.35;
/// Its dB scale: Decibels (Scale 2) with the bands fixed on [-PatternRangeDb, 0] dB.
constexpr int PatternScaleDecibels = 2;
constexpr double PatternRangeDb = 30.0;
/// The wire tubes' radius: this fraction of the model's bounding-box diagonal.
constexpr double TubeRadiusFraction = 0.004;
/// vtkBorderRepresentation's window locations, as the scalar bar's WindowLocation.
constexpr int UpperLeftCorner = 4;
/// The field-data arrays of the driven sources (the NEC-2 reader's).
constexpr const char* SourcePositionArray = "SourcePosition[m]";
constexpr const char* SourceNameArray = "SourceName";

/// True when the filter's input domains accept the port: the same test the
/// Filters menu uses, so the toolbar agrees with the menu in every case.
bool Accepts(const char* filterName, pqOutputPort* port)
{
  if (!port || !port->getServer())
  {
    return false;
  }
  vtkSMSessionProxyManager* pxm = port->getServer()->proxyManager();
  vtkSMProxy* prototype = pxm ? pxm->GetPrototypeProxy("filters", filterName) : nullptr;
  auto* input =
    prototype ? vtkSMInputProperty::SafeDownCast(prototype->GetProperty("Input")) : nullptr;
  if (!input)
  {
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
  if (auto* active = qobject_cast<pqRenderView*>(pqActiveObjects::instance().activeView()))
  {
    return active;
  }
  pqServerManagerModel* smModel = pqApplicationCore::instance()->getServerManagerModel();
  const QList<pqRenderView*> views = smModel->findItems<pqRenderView*>(server);
  if (!views.isEmpty())
  {
    return views.first();
  }
  pqObjectBuilder* builder = pqApplicationCore::instance()->getObjectBuilder();
  auto* view =
    qobject_cast<pqRenderView*>(builder->createView(pqRenderView::renderViewType(), server));
  if (view)
  {
    builder->addToLayout(view);
  }
  return view;
}

/**
 * The far-field table the Antenna Pattern takes for the active port: the port itself
 * when the filter accepts it, else another output of its source or of a source
 * upstream (the NEC-2 reader's Radiation Pattern when the reader or the cloud map
 * made from it is selected).
 */
pqOutputPort* FarFieldPort(pqOutputPort* active, bool update)
{
  if (!active)
  {
    return nullptr;
  }
  if (Accepts(PatternFilter, active))
  {
    return active;
  }
  // A far-field table has Theta and Phi; another accepted table (the NEC-2 reader's
  // Port Parameters) is only a fallback.
  auto isFarField = [](pqOutputPort* port) {
    vtkPVDataInformation* info = port->getDataInformation();
    vtkPVDataSetAttributesInformation* rows = info ? info->GetRowDataInformation() : nullptr;
    return rows && rows->GetArrayInformation("Theta") && rows->GetArrayInformation("Phi") &&
      Accepts(PatternFilter, port);
  };
  pqOutputPort* fallback = nullptr;
  QList<pqPipelineSource*> queue{ active->getSource() };
  for (int k = 0; k < queue.size() && k < 64; ++k)
  {
    pqPipelineSource* source = queue[k];
    if (update)
    {
      // A view asks for the ports it shows only: bring the others (the pattern
      // table) up to date so that their arrays are known.
      source->getSourceProxy()->UpdatePipeline(source->getServer()->getTimeKeeper()->getTime());
    }
    for (int i = 0; i < source->getNumberOfOutputPorts(); ++i)
    {
      pqOutputPort* port = source->getOutputPort(i);
      if (isFarField(port))
      {
        return port;
      }
      if (!fallback && Accepts(PatternFilter, port))
      {
        fallback = port;
      }
    }
    if (auto* filter = qobject_cast<pqPipelineFilter*>(source))
    {
      for (pqOutputPort* input : filter->getInputs())
      {
        if (input && !queue.contains(input->getSource()))
        {
          queue.append(input->getSource());
        }
      }
    }
  }
  // Without updating, a table's arrays may not be known yet: an accepted table makes
  // the action available; the click (which updates) then wants Theta and Phi.
  return update ? nullptr : fallback;
}

/// The polygonal outputs of `source` that have cells (the model: patches, wires).
QList<pqOutputPort*> GeometryPorts(pqPipelineSource* source)
{
  QList<pqOutputPort*> ports;
  for (int i = 0; source && i < source->getNumberOfOutputPorts(); ++i)
  {
    pqOutputPort* port = source->getOutputPort(i);
    vtkPVDataInformation* info = port->getDataInformation();
    if (info && info->GetDataSetType() == VTK_POLY_DATA && info->GetNumberOfCells() > 0)
    {
      ports.append(port);
    }
  }
  return ports;
}

/// The diagonal of the bounding box of `ports` together; 0 when they have no bounds.
double Diagonal(const QList<pqOutputPort*>& ports)
{
  double box[6] = { VTK_DOUBLE_MAX, -VTK_DOUBLE_MAX, VTK_DOUBLE_MAX, -VTK_DOUBLE_MAX,
    VTK_DOUBLE_MAX, -VTK_DOUBLE_MAX };
  for (pqOutputPort* port : ports)
  {
    const double* b = port->getDataInformation()->GetBounds();
    for (int a = 0; a < 3; ++a)
    {
      if (b[2 * a] <= b[2 * a + 1])
      {
        box[2 * a] = std::min(box[2 * a], b[2 * a]);
        box[2 * a + 1] = std::max(box[2 * a + 1], b[2 * a + 1]);
      }
    }
  }
  double d2 = 0;
  for (int a = 0; a < 3; ++a)
  {
    if (box[2 * a] > box[2 * a + 1])
    {
      return 0;
    }
    d2 += (box[2 * a + 1] - box[2 * a]) * (box[2 * a + 1] - box[2 * a]);
  }
  return std::sqrt(d2);
}

/// The source names of the port's field data `SourceName` (empty when it has none).
QStringList SourceNames(pqOutputPort* port)
{
  QStringList names;
  vtkPVDataInformation* info = port ? port->getDataInformation() : nullptr;
  vtkPVDataSetAttributesInformation* fd = info ? info->GetFieldDataInformation() : nullptr;
  vtkPVArrayInformation* a = fd ? fd->GetArrayInformation(SourceNameArray) : nullptr;
  for (int i = 0; a && i < a->GetNumberOfStringValues(); ++i)
  {
    names.append(QString::fromUtf8(a->GetStringValue(i)));
  }
  return names;
}

/// True when the port's field data has `SourcePosition[m]` (N x 3).
bool HasSourcePositions(pqOutputPort* port)
{
  vtkPVDataInformation* info = port ? port->getDataInformation() : nullptr;
  vtkPVDataSetAttributesInformation* fd = info ? info->GetFieldDataInformation() : nullptr;
  vtkPVArrayInformation* a = fd ? fd->GetArrayInformation(SourcePositionArray) : nullptr;
  return a && a->GetNumberOfComponents() == 3 && a->GetNumberOfTuples() > 0;
}

/**
 * Creates the filter on the port and brings it up to date, like Apply would.
 * The value array is the first of `preferred` that the input has (with the
 * given attribute association); otherwise the array domain's default, which
 * is the input's active scalars.
 */
template <typename Configure>
pqPipelineSource* CreateFilter(const char* filterName, pqOutputPort* port, int association,
  std::initializer_list<const char*> preferred, Configure configure)
{
  pqObjectBuilder* builder = pqApplicationCore::instance()->getObjectBuilder();
  pqPipelineSource* filter =
    builder->createFilter("filters", filterName, port->getSource(), port->getPortNumber());
  if (!filter)
  {
    return nullptr;
  }
  vtkSMSourceProxy* proxy = filter->getSourceProxy();
  vtkPVDataSetAttributesInformation* attributes =
    port->getDataInformation()->GetAttributeInformation(association);
  for (const char* name : preferred)
  {
    if (attributes && attributes->GetArrayInformation(name))
    {
      vtkSMPropertyHelper(proxy, "SelectInputArray").SetInputArrayToProcess(association, name);
      proxy->UpdateVTKObjects();
      break;
    }
  }
  configure(proxy);
  proxy->UpdateVTKObjects();
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
  if (array == "|J|")
  {
    quantity = QStringLiteral("Surface current density (A/m)");
  }
  else if (array == "|I|")
  {
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
  if (!lower || !upper || bands < 1)
  {
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
  for (int k = 0; k < bands; ++k)
  {
    std::uint8_t rgb[3];
    cm::map::BandColor(palette, k, bands, rgb);
    const double width = spec.Upper(k) - spec.Lower(k);
    // A band's colour ends just below the next band's start; the last band ends
    // exactly at the top, so the table's range (and its top label) is the band range.
    const double end = k + 1 < bands ? spec.Upper(k) - 1e-6 * width : spec.Max;
    for (double x : { spec.Lower(k), end })
    {
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
std::vector<double> BandLabels(const double range[2], int bands)
{
  std::vector<double> labels;
  const int step = bands > 8 ? bands / 8 : 1;
  for (int k = 0; k <= bands; k += step)
  {
    labels.push_back(range[0] + (range[1] - range[0]) * k / bands);
  }
  return labels;
}

void ConfigureLegend(vtkSMProxy* bar, const QString& title, const std::vector<double>& labels,
  const char* format = CLOUDMAP_LEGEND_LABEL_FORMAT)
{
  vtkSMPropertyHelper(bar, "Title").Set(title.toUtf8().constData());
  vtkSMPropertyHelper(bar, "ComponentTitle").Set("");
  vtkSMPropertyHelper(bar, "UseCustomLabels").Set(1);
  vtkSMPropertyHelper(bar, "CustomLabels")
    .Set(labels.data(), static_cast<unsigned int>(labels.size()));
  vtkSMPropertyHelper(bar, "AddRangeLabels").Set(1);
  vtkSMPropertyHelper(bar, "AutomaticLabelFormat").Set(0);
  vtkSMPropertyHelper(bar, "LabelFormat").Set(format);
  vtkSMPropertyHelper(bar, "RangeLabelFormat").Set(format);
  // Long enough for a label every few bands without overlaps.
  vtkSMPropertyHelper(bar, "ScalarBarLength").Set(0.6);
  bar->UpdateVTKObjects();
}

/// Hides the scalar bar Show may have made (when it coloured by an array).
void HideScalarBar(vtkSMProxy* repr, vtkSMViewProxy* viewProxy)
{
  if (vtkSMPropertyHelper(repr, "LookupTable", true).GetAsProxy())
  {
    cm::ColoringHelper::SetScalarBarVisibility(repr, viewProxy, false);
  }
}

/// Shows the wires of `source` (its polygonal outputs other than `except`) as tubes
/// of radius TubeRadiusFraction x the model's diagonal, in dark grey, and hides them
/// as lines.
void ShowWiresAsTubes(pqPipelineSource* source, pqOutputPort* except, vtkSMViewProxy* viewProxy,
  vtkSMParaViewPipelineControllerWithRendering* controller)
{
  const QList<pqOutputPort*> model = GeometryPorts(source);
  const double diagonal = Diagonal(model);
  pqObjectBuilder* builder = pqApplicationCore::instance()->getObjectBuilder();
  for (pqOutputPort* wires : model)
  {
    if (wires == except || diagonal <= 0 || !Accepts(TubeFilter, wires))
    {
      continue;
    }
    pqPipelineSource* tubes =
      builder->createFilter("filters", TubeFilter, wires->getSource(), wires->getPortNumber());
    if (!tubes)
    {
      continue;
    }
    vtkSMSourceProxy* proxy = tubes->getSourceProxy();
    vtkSMPropertyHelper(proxy, "Radius").Set(TubeRadiusFraction * diagonal);
    vtkSMPropertyHelper(proxy, "NumberOfSides").Set(12);
    proxy->UpdateVTKObjects();
    proxy->UpdatePipeline(wires->getServer()->getTimeKeeper()->getTime());
    tubes->setModifiedState(pqProxy::UNMODIFIED);
    if (vtkSMProxy* repr = controller->Show(proxy, 0, viewProxy))
    {
      HideScalarBar(repr, viewProxy);
      cm::ColoringHelper::SetScalarColoring(repr, nullptr, vtkDataObject::CELL);
      const double dark[3] = { 0.1, 0.1, 0.1 };
      vtkSMPropertyHelper(repr, "DiffuseColor").Set(dark, 3);
      vtkSMPropertyHelper(repr, "AmbientColor").Set(dark, 3);
      repr->UpdateVTKObjects();
    }
    controller->Hide(wires->getSourceProxy(), wires->getPortNumber(), viewProxy);
  }
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
    tr("Surface Cloud Map of the selected MoM source: 24 bands, blue to red, with a legend; "
       "the source's wires (NEC-2) are drawn as tubes"));
  QObject::connect(this->SurfaceCloudMapAction, &QAction::triggered, this,
    [this]() { this->applySurfaceCloudMap(); });

  this->AntennaPatternAction = this->addAction(
    QIcon(QStringLiteral(":/CloudMap/Icons/AntennaPattern.png")), tr("Antenna Pattern"));
  this->AntennaPatternAction->setObjectName(QStringLiteral("actionAntennaPattern"));
  this->AntennaPatternAction->setToolTip(
    tr("Antenna Pattern Surface of the selected far-field table (or of the selected model's "
       "radiation pattern): centred on the driven source (SourcePosition[m]), radius 0.35 x "
       "the model's bounding-box diagonal, dB scale from -30 to 0 dB, 40 % opacity, "
       "with its own dB legend"));
  QObject::connect(this->AntennaPatternAction, &QAction::triggered, this,
    [this]() { this->applyAntennaPattern(); });

  // The source the selected pattern follows, by name (SourceName).
  auto* label = new QLabel(tr(" Source: "), this);
  label->setObjectName(QStringLiteral("labelPatternSource"));
  this->addWidget(label);
  this->SourceCombo = new QComboBox(this);
  this->SourceCombo->setObjectName(QStringLiteral("comboPatternSource"));
  this->SourceCombo->setToolTip(
    tr("The voltage source the selected Antenna Pattern is centred on (its Source Index)"));
  this->SourceCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  this->addWidget(this->SourceCombo);
  QObject::connect(this->SourceCombo, static_cast<void (QComboBox::*)(int)>(&QComboBox::activated),
    this, [this](int index) { this->setPatternSource(index); });

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
  this->AntennaPatternAction->setEnabled(FarFieldPort(port, false) != nullptr);

  // The source list of the selected pattern (from its input's SourceName).
  this->SourceCombo->clear();
  pqPipelineSource* source = port ? port->getSource() : nullptr;
  auto* filter = qobject_cast<pqPipelineFilter*>(source);
  QStringList names;
  if (filter && filter->getProxy()->GetXMLName() == std::string(PatternFilter) &&
    filter->getAnyInput())
  {
    names = SourceNames(filter->getAnyInput());
  }
  this->SourceCombo->addItems(names);
  if (!names.isEmpty())
  {
    const int index = vtkSMPropertyHelper(filter->getProxy(), "SourceIndex").GetAsInt();
    this->SourceCombo->setCurrentIndex(index >= 0 && index < names.size() ? index : -1);
  }
  this->SourceCombo->setEnabled(names.size() > 1);
}

//-----------------------------------------------------------------------------
bool pqCloudMapToolbar::setPatternSource(int index)
{
  pqPipelineSource* source = pqActiveObjects::instance().activeSource();
  if (!source || index < 0 || source->getProxy()->GetXMLName() != std::string(PatternFilter))
  {
    return false;
  }
  vtkSMProxy* proxy = source->getProxy();
  if (vtkSMPropertyHelper(proxy, "SourceIndex").GetAsInt() == index)
  {
    return true;
  }
  pqScopedUndoSet undo(tr("Pattern Source"));
  vtkSMPropertyHelper(proxy, "SourceIndex").Set(index);
  proxy->UpdateVTKObjects();
  source->getSourceProxy()->UpdatePipeline(source->getServer()->getTimeKeeper()->getTime());
  source->setModifiedState(pqProxy::UNMODIFIED);
  source->renderAllViews();
  return true;
}

//-----------------------------------------------------------------------------
bool pqCloudMapToolbar::applySurfaceCloudMap()
{
  pqOutputPort* port = pqActiveObjects::instance().activePort();
  if (!Accepts(SurfaceFilter, port))
  {
    return false;
  }
  pqScopedUndoSet undo(tr("Surface Cloud Map"));
  pqRenderView* view = TargetView(port->getServer());
  pqPipelineSource* filter =
    CreateFilter(SurfaceFilter, port, vtkDataObject::CELL, { "|J|" }, [](vtkSMProxy*) {});
  if (!view || !filter)
  {
    return false;
  }
  auto* viewProxy = vtkSMViewProxy::SafeDownCast(view->getViewProxy());
  vtkSMProxy* proxy = filter->getProxy();
  // |J|, or the input's active cell scalars (|I| for the NEC reader).
  const std::string array = vtkSMPropertyHelper(proxy, "SelectInputArray").GetAsString(4);

  vtkNew<vtkSMParaViewPipelineControllerWithRendering> controller;
  vtkSMProxy* repr = controller->Show(filter->getSourceProxy(), 0, viewProxy);
  if (!repr)
  {
    return false;
  }
  controller->Hide(port->getSourceProxy(), port->getPortNumber(), viewProxy);
  // Show may have coloured by the active BandColor and shown its bar.
  cm::ColoringHelper::SetScalarBarVisibility(repr, viewProxy, false);
  cm::ColoringHelper::SetScalarColoring(repr, array.c_str(), vtkDataObject::CELL);
  vtkSMProxy* lut = vtkSMPropertyHelper(repr, "LookupTable", true).GetAsProxy();
  double range[2];
  int bands = 0;
  if (lut && ApplyBands(lut, filter, range, bands))
  {
    cm::ColoringHelper::SetScalarBarVisibility(repr, viewProxy, true);
    if (vtkSMProxy* bar = vtkSMTransferFunctionProxy::FindScalarBarRepresentation(lut, viewProxy))
    {
      ConfigureLegend(bar, LegendTitle(array), BandLabels(range, bands));
    }
  }
  repr->UpdateVTKObjects();
  // The antennas: the source's other polygonal outputs (the NEC-2 reader's Wires),
  // brought up to date first (the view asked for the patches only).
  port->getSourceProxy()->UpdatePipeline(port->getServer()->getTimeKeeper()->getTime());
  ShowWiresAsTubes(port->getSource(), port, viewProxy, controller);
  pqActiveObjects::instance().setActiveSource(filter);
  view->resetDisplay();
  view->render();
  return true;
}

//-----------------------------------------------------------------------------
bool pqCloudMapToolbar::applyAntennaPattern()
{
  pqOutputPort* port = FarFieldPort(pqActiveObjects::instance().activePort(), true);
  if (!port)
  {
    vtkGenericWarningMacro("Antenna Pattern: the selected source and the sources upstream of "
                           "it have no far-field table (Theta, Phi and a field or gain column)");
    return false;
  }
  pqScopedUndoSet undo(tr("Antenna Pattern"));
  pqRenderView* view = TargetView(port->getServer());
  // Sized to the model: the polygonal outputs of the table's source (the NEC-2
  // reader's patches and wires); centred on the driven source when the table
  // carries SourcePosition[m].
  const double diagonal = Diagonal(GeometryPorts(port->getSource()));
  const bool onSource = HasSourcePositions(port);
  pqPipelineSource* filter = CreateFilter(
    PatternFilter, port, vtkDataObject::ROW, { "|E|", "Gain" }, [&](vtkSMProxy* proxy) {
      vtkSMPropertyHelper(proxy, "Scale").Set(PatternScaleDecibels);
      vtkSMPropertyHelper(proxy, "DynamicRange").Set(PatternRangeDb);
      vtkSMPropertyHelper(proxy, "FixedBandRange").Set(1);
      if (diagonal > 0)
      {
        vtkSMPropertyHelper(proxy, "Radius").Set(PatternRadiusFraction * diagonal);
      }
      if (onSource)
      {
        vtkSMPropertyHelper(proxy, "SourceIndex").Set(0);
      }
    });
  if (!view || !filter)
  {
    return false;
  }
  auto* viewProxy = vtkSMViewProxy::SafeDownCast(view->getViewProxy());
  vtkNew<vtkSMParaViewPipelineControllerWithRendering> controller;
  vtkSMProxy* repr = controller->Show(filter->getSourceProxy(), 0, viewProxy);
  if (!repr)
  {
    return false;
  }
  // The dB value through a lookup table with the exact band colours, seen through
  // to the vehicle underneath, with a legend of its own.
  HideScalarBar(repr, viewProxy);
  cm::ColoringHelper::SetScalarColoring(repr, "PatternValue", vtkDataObject::CELL);
  vtkSMPropertyHelper(repr, "Opacity").Set(PatternOpacity);
  vtkSMProxy* lut = vtkSMPropertyHelper(repr, "LookupTable", true).GetAsProxy();
  double range[2];
  int bands = 0;
  if (lut && ApplyBands(lut, filter, range, bands))
  {
    cm::ColoringHelper::SetScalarBarVisibility(repr, viewProxy, true);
    if (vtkSMProxy* bar = vtkSMTransferFunctionProxy::FindScalarBarRepresentation(lut, viewProxy))
    {
      // Labels every 5 dB (the bands are 1.25 dB wide at the defaults).
      std::vector<double> labels;
      for (double db = std::ceil(range[0] / 5.0 - 1e-9) * 5.0; db <= range[1] + 1e-9; db += 5.0)
      {
        labels.push_back(db == 0.0 ? 0.0 : db);
      }
      ConfigureLegend(bar, tr("Pattern: field (dB re max)"), labels, CLOUDMAP_LEGEND_DB_FORMAT);
      // The labels already hold both ends; a range label would print the top as "-0".
      vtkSMPropertyHelper(bar, "AddRangeLabels").Set(0);
      // Away from the cloud map's legend (lower right).
      vtkSMPropertyHelper(bar, "WindowLocation").Set(UpperLeftCorner);
      bar->UpdateVTKObjects();
    }
  }
  repr->UpdateVTKObjects();
  pqActiveObjects::instance().setActiveSource(filter);
  view->resetDisplay();
  view->render();
  return true;
}
