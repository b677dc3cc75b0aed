// SPDX-License-Identifier: BSD-3-Clause
// File and line helpers shared by the parser tests: read a file whole, write
// one, split text into lines and join them back (to make damaged copies of a
// good file line by line).
#ifndef cmTestFiles_h
#define cmTestFiles_h

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

/// The whole file (empty when it cannot be read).
inline std::string Slurp(const std::string& path)
{
  std::string s;
  if (FILE* f = std::fopen(path.c_str(), "rb"))
  {
    char buf[65536];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    {
      s.append(buf, n);
    }
    std::fclose(f);
  }
  return s;
}

/// Writes text to path; a test that cannot write its scratch file stops.
inline void Spit(const std::string& path, const std::string& text)
{
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f)
  {
    std::printf("FAIL: cannot write the scratch file %s\n", path.c_str());
    std::exit(EXIT_FAILURE);
  }
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
}

/// The lines of text without their '\n' (a '\r' stays).
inline std::vector<std::string> Lines(const std::string& text)
{
  std::vector<std::string> out;
  std::size_t b = 0;
  while (b < text.size())
  {
    std::size_t e = text.find('\n', b);
    e = e == std::string::npos ? text.size() : e;
    out.push_back(text.substr(b, e - b));
    b = e + 1;
  }
  return out;
}

/// Lines joined with '\n' after each.
inline std::string Join(const std::vector<std::string>& l)
{
  std::string s;
  for (const auto& x : l)
  {
    s += x + "\n";
  }
  return s;
}
#ifdef NEC2C_EXECUTABLE
/// Solves the NEC deck file `deck` with nec2c into `out` (removed first); true when
/// nec2c succeeded and wrote something. nec2c aborts on file names of about 76
/// characters or more, so it runs in out's directory with the names relative to it.
inline bool RunNec2c(const std::string& deck, const std::string& out)
{
  std::remove(out.c_str());
  const std::string::size_type slash = out.rfind('/');
  const std::string dir = slash == std::string::npos ? std::string("./") : out.substr(0, slash + 1);
  std::string in;
  if (deck.compare(0, dir.size(), dir) == 0 && deck.find('/', dir.size()) == std::string::npos)
  {
    in = deck.substr(dir.size());
  }
  else // a deck elsewhere (the source tree) is copied beside the output
  {
    in = out.substr(slash + 1) + ".nec";
    Spit(dir + in, Slurp(deck));
  }
  const std::string cmd = "cd \"" + dir + "\" && \"" + std::string(NEC2C_EXECUTABLE) + "\" -i \"" +
    in + "\" -o \"" + out.substr(slash + 1) + "\" > /dev/null 2>&1";
  return std::system(cmd.c_str()) == 0 && !Slurp(out).empty();
}
#endif

#endif
