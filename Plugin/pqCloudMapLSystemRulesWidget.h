// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class pqCloudMapLSystemRulesWidget
 * @brief Rule editor for the L-System source's Rules property
 *        (`panel_widget="cloudmap_lsystem_rules"`): the grammar is parsed
 *        by the core parser (cm::fractal::ParseGrammar) as you type, the span the
 *        parser blames is marked in red and the message is shown below.
 *
 * The axiom and the ignore set are read from the proxy's unchecked values,
 * so an error that depends on them (an unbalanced axiom) shows too, and a
 * change in the Axiom field re-validates at once.
 *
 * The state is exposed as Qt properties (hasError, errorMessage,
 * errorStart, errorLength) for ParaView's XML test playback (`pqcheck`).
 *
 * @sa cm::fractal::ParseGrammar, vtkCloudMapLSystem
 */
#ifndef pqCloudMapLSystemRulesWidget_h
#define pqCloudMapLSystemRulesWidget_h

#include "pqPropertyWidget.h"

class QLabel;
class QPlainTextEdit;

class pqCloudMapLSystemRulesWidget : public pqPropertyWidget
{
  Q_OBJECT
  Q_PROPERTY(QString rules READ rules WRITE setRules NOTIFY rulesChanged)
  Q_PROPERTY(bool hasError READ hasError)
  Q_PROPERTY(QString errorMessage READ errorMessage)
  Q_PROPERTY(int errorStart READ errorStart)
  Q_PROPERTY(int errorLength READ errorLength)
  using Superclass = pqPropertyWidget;

public:
  pqCloudMapLSystemRulesWidget(
    vtkSMProxy* proxy, vtkSMProperty* property, QWidget* parent = nullptr);
  ~pqCloudMapLSystemRulesWidget() override;

  QString rules() const;
  void setRules(const QString& text);

  bool hasError() const { return !this->ErrorMessage.isEmpty(); }
  QString errorMessage() const { return this->ErrorMessage; }
  /// Character offset (in the rules text) of the marked span, -1 if none.
  int errorStart() const { return this->ErrorStart; }
  int errorLength() const { return this->ErrorLength; }

Q_SIGNALS:
  void rulesChanged();

private Q_SLOTS:
  void onTextChanged();
  void validate();

private:
  Q_DISABLE_COPY(pqCloudMapLSystemRulesWidget)

  QPlainTextEdit* Editor;
  QLabel* Status;
  QString ErrorMessage;
  int ErrorStart = -1;
  int ErrorLength = 0;
  bool Updating = false;
};

#endif
