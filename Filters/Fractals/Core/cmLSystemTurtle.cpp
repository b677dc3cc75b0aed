// SPDX-License-Identifier: BSD-3-Clause
#include "cmLSystemTurtle.h"

#include "cmConstants.h"

#include <cmath>

namespace cm::fractal
{
namespace
{
struct TurtleState
{
  double P[3], H[3], L[3], U[3];
  double Width;
  int Depth, Color;
};

void Rotate(double a[3], double b[3], double c, double s)
{
  // (a, b) -> (a cos + b sin, -a sin + b cos)
  for (int k = 0; k < 3; ++k)
  {
    const double x = a[k], y = b[k];
    a[k] = c * x + s * y;
    b[k] = -s * x + c * y;
  }
}

void Normalize(double v[3])
{
  const double l = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
  for (int k = 0; k < 3; ++k)
  {
    v[k] /= (l > 0 ? l : 1);
  }
}

// At the origin, heading H; L = U × H, then the frame made orthonormal.
TurtleState InitialState(const TurtleParameters& p)
{
  TurtleState st;
  for (int k = 0; k < 3; ++k)
  {
    st.P[k] = 0;
    st.H[k] = p.Heading[k];
    st.U[k] = p.Up[k];
  }
  Normalize(st.H);
  st.L[0] = st.U[1] * st.H[2] - st.U[2] * st.H[1];
  st.L[1] = st.U[2] * st.H[0] - st.U[0] * st.H[2];
  st.L[2] = st.U[0] * st.H[1] - st.U[1] * st.H[0];
  Normalize(st.L);
  st.U[0] = st.H[1] * st.L[2] - st.H[2] * st.L[1];
  st.U[1] = st.H[2] * st.L[0] - st.H[0] * st.L[2];
  st.U[2] = st.H[0] * st.L[1] - st.H[1] * st.L[0];
  st.Width = p.InitialWidth;
  st.Depth = 0;
  st.Color = 0;
  return st;
}

// The turtle walking the string: the state, its stack and the open polyline.
class Turtle
{
public:
  Turtle(const TurtleParameters& p, TurtleGeometry& out)
    : P(p)
    , Out(out)
    , St(InitialState(p))
  {
    const double a = p.AngleDegrees * cm::Pi / 180.0;
    this->Cos = std::cos(a);
    this->Sin = std::sin(a);
    for (char c : p.DrawSymbols)
    {
      this->Draw[static_cast<unsigned char>(c) & 127] = true;
    }
    for (char c : p.MoveSymbols)
    {
      this->Move[static_cast<unsigned char>(c) & 127] = true;
    }
  }

  void Step(char c)
  {
    const unsigned char u = static_cast<unsigned char>(c) & 127;
    if (this->Draw[u])
    {
      if (!this->Open)
      {
        this->Emit();
        this->Open = true;
      }
      this->Forward();
      this->Emit();
      ++this->Out.Segments;
    }
    else if (this->Move[u])
    {
      this->Close();
      this->Forward();
    }
    else
    {
      this->Turn(c);
    }
  }

  void Close()
  {
    if (this->Open)
    {
      this->Out.Offsets.push_back(static_cast<long long>(this->Out.Width.size()));
      this->Open = false;
    }
  }

private:
  void Emit()
  {
    this->Out.Points.insert(this->Out.Points.end(), this->St.P, this->St.P + 3);
    this->Out.Width.push_back(float(this->St.Width));
    this->Out.Depth.push_back(this->St.Depth);
    this->Out.Color.push_back(this->St.Color);
  }

  void Forward()
  {
    for (int k = 0; k < 3; ++k)
    {
      this->St.P[k] += this->P.Step * this->St.H[k];
    }
  }

  // Turns, branches, width and colour; other symbols do nothing.
  void Turn(char c)
  {
    TurtleState& st = this->St;
    const double ca = this->Cos, sa = this->Sin;
    switch (c)
    {
      case '+': Rotate(st.H, st.L, ca, sa); break;
      case '-': Rotate(st.H, st.L, ca, -sa); break;
      case '&': Rotate(st.H, st.U, ca, -sa); break;
      case '^': Rotate(st.H, st.U, ca, sa); break;
      case '\\': Rotate(st.L, st.U, ca, sa); break;
      case '/': Rotate(st.L, st.U, ca, -sa); break;
      case '|': Rotate(st.H, st.L, -1.0, 0.0); break;
      case '[':
        this->Stack.push_back(st);
        ++st.Depth;
        break;
      case ']':
        this->Close();
        if (!this->Stack.empty())
        {
          st = this->Stack.back();
          this->Stack.pop_back();
        }
        break;
      case '!': st.Width *= this->P.WidthDecay; break;
      case '\'': ++st.Color; break;
      default: break;
    }
  }

  const TurtleParameters& P;
  TurtleGeometry& Out;
  TurtleState St;
  std::vector<TurtleState> Stack;
  double Cos = 1, Sin = 0;
  bool Draw[128] = { false };
  bool Move[128] = { false };
  bool Open = false;
};
}

void Interpret(const std::string& s, const TurtleParameters& p, TurtleGeometry& out)
{
  Turtle turtle(p, out);
  for (char c : s)
  {
    turtle.Step(c);
  }
  turtle.Close();
}
}
