// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class pqCloudMapIFSMapsWidget
 * @brief Map table for the Iterated Function System's Maps property
 *        (`panel_widget="cloudmap_ifs_maps"`): one row per affine map, one
 *        column per coefficient in the current Map Format, a probability
 *        column, and the probability each map will really get.
 *
 * The label under the table sums the probabilities live: the given ones
 * (red when they do not sum to 1 within the core's 1e-6, or when a map has
 * none), or, with Use Given Probabilities off, the |det| shares the source
 * derives. Parsing and the shares come from the core (cm::fractal::ParseMaps,
 * cm::fractal::ResolveProbabilities), so the panel agrees with the source.
 *
 * State for XML test playback (`pqcheck`): probabilitySum (text, 4
 * decimals), probabilitiesValid, numberOfMaps.
 *
 * @sa cm::fractal::ParseMaps, vtkCloudMapIteratedFunctionSystem
 */
#ifndef pqCloudMapIFSMapsWidget_h
#define pqCloudMapIFSMapsWidget_h

#include "pqPropertyWidget.h"

class QLabel;
class QTableWidget;

class pqCloudMapIFSMapsWidget : public pqPropertyWidget
{
  Q_OBJECT
  Q_PROPERTY(QString maps READ maps WRITE setMaps NOTIFY mapsChanged)
  Q_PROPERTY(QString probabilitySum READ probabilitySum)
  Q_PROPERTY(bool probabilitiesValid READ probabilitiesValid)
  Q_PROPERTY(int numberOfMaps READ numberOfMaps)
  using Superclass = pqPropertyWidget;

public:
  pqCloudMapIFSMapsWidget(vtkSMProxy* proxy, vtkSMProperty* property, QWidget* parent = nullptr);
  ~pqCloudMapIFSMapsWidget() override;

  /// The maps as the property holds them: one line per row.
  QString maps() const;
  void setMaps(const QString& text);

  QString probabilitySum() const { return QString::number(this->Sum, 'f', 4); }
  bool probabilitiesValid() const { return this->Valid; }
  int numberOfMaps() const;

Q_SIGNALS:
  void mapsChanged();

private Q_SLOTS:
  void onCellChanged();
  void addMap();
  void removeMap();
  /// Re-lays the columns for the Map Format and re-checks the sums.
  void onFormatChanged();
  void updateSums();

private:
  Q_DISABLE_COPY(pqCloudMapIFSMapsWidget)

  int format() const;
  bool givenProbabilities() const;
  void fillTable(const QString& text);

  QTableWidget* Table;
  QLabel* Status;
  QString Text;
  double Sum = 0;
  bool Valid = false;
  bool Updating = false;
};

#endif
