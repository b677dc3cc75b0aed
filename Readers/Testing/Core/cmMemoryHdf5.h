// SPDX-License-Identifier: BSD-3-Clause
// An in-memory cm::Hdf5Source for the tests and the fuzz harness of the
// pipeline-free HDF5 layout checks (cmOpenEmsNf2ff.h): datasets are (dims, values),
// attributes (object, name) -> values, and every parent of a dataset or attribute
// owner is a group. Dataset() reports the dims as given, so a test can declare more
// values than it stores; Read() then returns what is stored, as a short HDF5 read
// would, and counts the values it handed out.
#ifndef cmMemoryHdf5_h
#define cmMemoryHdf5_h

#include "cmOpenEmsNf2ff.h"

#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

struct cmMemoryHdf5 : cm::Hdf5Source
{
  struct Set
  {
    std::vector<std::uint64_t> Dims;
    std::vector<double> Values;
  };
  std::map<std::string, Set> Sets;
  std::map<std::pair<std::string, std::string>, std::vector<double>> Attributes;
  std::set<std::string> Groups; ///< explicit (empty) groups
  std::uint64_t ValuesRead = 0;

  void Put(const std::string& path, std::vector<std::uint64_t> dims, std::vector<double> values)
  {
    this->Sets[path] = Set{ std::move(dims), std::move(values) };
  }
  void Put(const std::string& path, std::vector<double> values)
  {
    const std::uint64_t n = values.size();
    this->Put(path, { n }, std::move(values));
  }

  bool Dataset(const std::string& path, std::vector<std::uint64_t>& dims) override
  {
    const auto it = this->Sets.find(path);
    if (it == this->Sets.end())
    {
      return false;
    }
    dims = it->second.Dims;
    return true;
  }
  bool Exists(const std::string& path) override
  {
    if (this->Sets.count(path) || this->Groups.count(path))
    {
      return true;
    }
    const std::string prefix = path + "/";
    for (const auto& s : this->Sets)
    {
      if (s.first.compare(0, prefix.size(), prefix) == 0)
      {
        return true;
      }
    }
    for (const auto& a : this->Attributes)
    {
      if (a.first.first == path)
      {
        return true;
      }
    }
    return false;
  }
  std::vector<double> Read(const std::string& path) override
  {
    const std::vector<double>& v = this->Sets.at(path).Values;
    this->ValuesRead += v.size();
    return v;
  }
  /// The direct children of `path` (datasets and groups implied by deeper paths), in name
  /// order; `Order`, when set for a group, gives them in that order instead.
  std::map<std::string, std::vector<std::string>> Order;
  bool Children(const std::string& path, std::vector<std::string>& names) override
  {
    names.clear();
    if (this->Sets.count(path) || !this->Exists(path))
    {
      return false;
    }
    const auto o = this->Order.find(path);
    if (o != this->Order.end())
    {
      names = o->second;
      return true;
    }
    const std::string prefix = path + "/";
    std::set<std::string> seen;
    auto add = [&](const std::string& p) {
      if (p.compare(0, prefix.size(), prefix) == 0 && p.size() > prefix.size())
      {
        seen.insert(p.substr(prefix.size(), p.find('/', prefix.size()) - prefix.size()));
      }
    };
    for (const auto& s : this->Sets)
    {
      add(s.first);
    }
    for (const auto& g : this->Groups)
    {
      add(g);
    }
    names.assign(seen.begin(), seen.end());
    return true;
  }
  bool Attribute(
    const std::string& path, const std::string& name, std::vector<double>& values) override
  {
    const auto it = this->Attributes.find({ path, name });
    if (it == this->Attributes.end())
    {
      return false;
    }
    values = it->second;
    return true;
  }
};
#endif
