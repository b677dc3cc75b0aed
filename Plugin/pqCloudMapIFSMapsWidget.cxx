// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapIFSMapsWidget.h"

#include "pqCloudMapPresetFollower.h"

#include "cmIFS.h"

#include "pqCoreUtilities.h"
#include "vtkCommand.h"
#include "vtkSMProperty.h"
#include "vtkSMProxy.h"
#include "vtkSMUncheckedPropertyHelper.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

namespace
{
/// Coefficients per map in each Map Format (cm::fractal::MapFormat order).
int CoefficientCount(int format)
{
  return format == 2 ? 12 : 6;
}

QStringList Headers(int format)
{
  if (format == 1)
  {
    return { QStringLiteral("r"), QStringLiteral("q"), QStringLiteral("θ"), QStringLiteral("φ"),
      QStringLiteral("e"), QStringLiteral("f") };
  }
  if (format == 2)
  {
    return { QStringLiteral("a11"), QStringLiteral("a12"), QStringLiteral("a13"),
      QStringLiteral("a21"), QStringLiteral("a22"), QStringLiteral("a23"), QStringLiteral("a31"),
      QStringLiteral("a32"), QStringLiteral("a33"), QStringLiteral("t1"), QStringLiteral("t2"),
      QStringLiteral("t3") };
  }
  return { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"),
    QStringLiteral("e"), QStringLiteral("f") };
}

/// The maps of the text, one token list per non-blank line or ';' piece.
QList<QStringList> Rows(const QString& text)
{
  QList<QStringList> rows;
  static const QRegularExpression lineBreak(QStringLiteral("[\\n;\\r]"));
  static const QRegularExpression blanks(QStringLiteral("[\\s,]+"));
  for (const QString& line : text.split(lineBreak, Qt::SkipEmptyParts))
  {
    const QStringList tokens = line.trimmed().split(blanks, Qt::SkipEmptyParts);
    if (!tokens.isEmpty())
    {
      rows.append(tokens);
    }
  }
  return rows;
}
}

//-----------------------------------------------------------------------------
pqCloudMapIFSMapsWidget::pqCloudMapIFSMapsWidget(
  vtkSMProxy* smproxy, vtkSMProperty* smproperty, QWidget* parentObject)
  : Superclass(smproxy, parentObject)
{
  this->setShowLabel(true);
  this->setChangeAvailableAsChangeFinished(true);
  // Preset and custom fields in step in the panel, before Apply.
  new pqCloudMapPresetFollower(smproxy, this);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);

  this->Table = new QTableWidget(this);
  this->Table->setObjectName(QStringLiteral("MapTable"));
  this->Table->setToolTip(pqPropertyWidget::getTooltip(smproperty));
  this->Table->setSelectionBehavior(QAbstractItemView::SelectRows);
  // Columns as wide as their numbers (a narrow panel scrolls rather than
  // wrapping "0.33" over two lines).
  this->Table->setWordWrap(false);
  this->Table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  this->Table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  this->Table->setMinimumHeight(150);
  layout->addWidget(this->Table);

  auto* row = new QHBoxLayout();
  auto* add = new QToolButton(this);
  add->setObjectName(QStringLiteral("AddMap"));
  add->setText(tr("+"));
  add->setToolTip(tr("Add a map (the identity scaled by 1/2)"));
  auto* remove = new QToolButton(this);
  remove->setObjectName(QStringLiteral("RemoveMap"));
  remove->setText(tr("−"));
  remove->setToolTip(tr("Remove the selected maps"));
  this->Status = new QLabel(this);
  this->Status->setObjectName(QStringLiteral("ProbabilitySum"));
  this->Status->setWordWrap(true);
  row->addWidget(add);
  row->addWidget(remove);
  row->addWidget(this->Status, 1);
  layout->addLayout(row);

  QObject::connect(add, &QToolButton::clicked, this, &pqCloudMapIFSMapsWidget::addMap);
  QObject::connect(remove, &QToolButton::clicked, this, &pqCloudMapIFSMapsWidget::removeMap);
  QObject::connect(
    this->Table, &QTableWidget::cellChanged, this, &pqCloudMapIFSMapsWidget::onCellChanged);
  this->addPropertyLink(this, "maps", SIGNAL(mapsChanged()), smproperty);

  // The columns follow Map Format, the sums follow Use Given Probabilities,
  // both as the user changes them (unchecked values), before Apply.
  if (vtkSMProperty* p = smproxy->GetProperty("MapFormat"))
  {
    pqCoreUtilities::connect(
      p, vtkCommand::UncheckedPropertyModifiedEvent, this, SLOT(onFormatChanged()));
    pqCoreUtilities::connect(p, vtkCommand::ModifiedEvent, this, SLOT(onFormatChanged()));
  }
  if (vtkSMProperty* p = smproxy->GetProperty("UseGivenProbabilities"))
  {
    pqCoreUtilities::connect(
      p, vtkCommand::UncheckedPropertyModifiedEvent, this, SLOT(updateSums()));
    pqCoreUtilities::connect(p, vtkCommand::ModifiedEvent, this, SLOT(updateSums()));
  }
  this->fillTable(this->Text);
}

//-----------------------------------------------------------------------------
pqCloudMapIFSMapsWidget::~pqCloudMapIFSMapsWidget() = default;

//-----------------------------------------------------------------------------
int pqCloudMapIFSMapsWidget::format() const
{
  vtkSMProperty* p = this->proxy()->GetProperty("MapFormat");
  return p ? vtkSMUncheckedPropertyHelper(p).GetAsInt() : 0;
}

//-----------------------------------------------------------------------------
bool pqCloudMapIFSMapsWidget::givenProbabilities() const
{
  vtkSMProperty* p = this->proxy()->GetProperty("UseGivenProbabilities");
  return p ? vtkSMUncheckedPropertyHelper(p).GetAsInt() != 0 : true;
}

//-----------------------------------------------------------------------------
int pqCloudMapIFSMapsWidget::numberOfMaps() const
{
  return this->Table->rowCount();
}

//-----------------------------------------------------------------------------
QString pqCloudMapIFSMapsWidget::maps() const
{
  return this->Text;
}

//-----------------------------------------------------------------------------
void pqCloudMapIFSMapsWidget::setMaps(const QString& text)
{
  if (text == this->Text)
  {
    return;
  }
  this->Text = text;
  this->fillTable(text);
}

//-----------------------------------------------------------------------------
void pqCloudMapIFSMapsWidget::fillTable(const QString& text)
{
  const int ncoef = CoefficientCount(this->format());
  const QList<QStringList> rows = Rows(text);
  this->Updating = true;
  this->Table->clear();
  this->Table->setColumnCount(ncoef + 2);
  this->Table->setHorizontalHeaderLabels(Headers(this->format()) << tr("p") << tr("used"));
  this->Table->horizontalHeaderItem(ncoef + 1)->setToolTip(
    tr("The probability the chaos game uses for this map"));
  this->Table->setRowCount(rows.size());
  for (int r = 0; r < rows.size(); ++r)
  {
    const QStringList& tokens = rows[r];
    for (int c = 0; c < ncoef; ++c)
    {
      this->Table->setItem(r, c, new QTableWidgetItem(c < tokens.size() ? tokens[c] : QString()));
    }
    // Anything past the coefficients stays in the p cell, where the parser
    // will report it, so that no typed text is lost.
    this->Table->setItem(r, ncoef, new QTableWidgetItem(tokens.mid(ncoef).join(QLatin1Char(' '))));
    auto* used = new QTableWidgetItem();
    used->setFlags(Qt::ItemIsEnabled);
    this->Table->setItem(r, ncoef + 1, used);
  }
  this->Updating = false;
  this->updateSums();
}

//-----------------------------------------------------------------------------
void pqCloudMapIFSMapsWidget::onCellChanged()
{
  if (this->Updating)
  {
    return;
  }
  const int ncoef = CoefficientCount(this->format());
  QStringList lines;
  for (int r = 0; r < this->Table->rowCount(); ++r)
  {
    QStringList tokens;
    for (int c = 0; c <= ncoef && c < this->Table->columnCount(); ++c)
    {
      QTableWidgetItem* item = this->Table->item(r, c);
      const QString value = item ? item->text().trimmed() : QString();
      if (!value.isEmpty())
      {
        tokens << value;
      }
      else if (c < ncoef)
      {
        tokens << QStringLiteral("0"); // an empty coefficient is 0
      }
    }
    lines << tokens.join(QLatin1Char(' '));
  }
  this->Text = lines.join(QLatin1Char('\n'));
  this->updateSums();
  Q_EMIT this->mapsChanged();
}

//-----------------------------------------------------------------------------
void pqCloudMapIFSMapsWidget::addMap()
{
  const int ncoef = CoefficientCount(this->format());
  QStringList identity;
  for (int c = 0; c < ncoef; ++c)
  {
    identity << QStringLiteral("0");
  }
  if (this->format() == 1)
  {
    identity[0] = identity[1] = QStringLiteral("0.5"); // r q, no rotation
  }
  else if (this->format() == 2)
  {
    identity[0] = identity[4] = identity[8] = QStringLiteral("0.5");
  }
  else
  {
    identity[0] = identity[3] = QStringLiteral("0.5");
  }
  const int r = this->Table->rowCount();
  this->Updating = true;
  this->Table->insertRow(r);
  for (int c = 0; c < ncoef; ++c)
  {
    this->Table->setItem(r, c, new QTableWidgetItem(identity[c]));
  }
  this->Table->setItem(r, ncoef, new QTableWidgetItem());
  auto* used = new QTableWidgetItem();
  used->setFlags(Qt::ItemIsEnabled);
  this->Table->setItem(r, ncoef + 1, used);
  this->Updating = false;
  this->onCellChanged();
}

//-----------------------------------------------------------------------------
void pqCloudMapIFSMapsWidget::removeMap()
{
  QList<int> rows;
  for (const QModelIndex& index : this->Table->selectionModel()->selectedRows())
  {
    rows << index.row();
  }
  if (rows.isEmpty() && this->Table->currentRow() >= 0)
  {
    rows << this->Table->currentRow();
  }
  std::sort(rows.begin(), rows.end(), std::greater<int>());
  for (int r : rows)
  {
    this->Table->removeRow(r);
  }
  this->onCellChanged();
}

//-----------------------------------------------------------------------------
void pqCloudMapIFSMapsWidget::onFormatChanged()
{
  this->fillTable(this->Text);
}

//-----------------------------------------------------------------------------
void pqCloudMapIFSMapsWidget::updateSums()
{
  const int ncoef = CoefficientCount(this->format());
  const bool given = this->givenProbabilities();
  std::vector<cm::fractal::AffineMap> parsed;
  std::string problem = cm::fractal::ParseMaps(
    this->Text.toStdString(), static_cast<cm::fractal::MapFormat>(this->format()), parsed);

  // The sum shown is always the given p column's (what the user typed);
  // with derived probabilities it is the derived shares' sum.
  double sum = 0;
  for (const cm::fractal::AffineMap& m : parsed)
  {
    sum += m.HasProbability ? m.Probability : 0.0;
  }
  if (problem.empty())
  {
    if (parsed.empty())
    {
      problem = "no maps";
    }
    else
    {
      problem = cm::fractal::ResolveProbabilities(parsed, given);
    }
  }
  if (problem.empty() && !given)
  {
    sum = 0;
    for (const cm::fractal::AffineMap& m : parsed)
    {
      sum += m.Probability;
    }
  }
  this->Sum = sum;
  this->Valid = problem.empty();

  this->Updating = true;
  for (int r = 0; r < this->Table->rowCount(); ++r)
  {
    QTableWidgetItem* used = this->Table->item(r, ncoef + 1);
    if (!used)
    {
      continue;
    }
    used->setText(this->Valid && r < static_cast<int>(parsed.size())
        ? QString::number(parsed[std::size_t(r)].Probability, 'f', 4)
        : QString());
  }
  this->Updating = false;

  QString text =
    given ? tr("Σ p = %1").arg(sum, 0, 'f', 4) : tr("p from |det|: Σ = %1").arg(sum, 0, 'f', 4);
  if (!this->Valid)
  {
    // The core's message, unless it only repeats the sum.
    text += problem.compare(0, 24, "the probabilities sum to") == 0
      ? tr(" — must be 1")
      : QStringLiteral(" — ") + QString::fromStdString(problem);
  }
  this->Status->setText(text);
  this->Status->setStyleSheet(this->Valid
      ? QStringLiteral("QLabel { color: #2e7d32; }")
      : QStringLiteral("QLabel { color: #d32f2f; font-weight: bold; }"));
  this->Status->setProperty("valid", this->Valid);
}
