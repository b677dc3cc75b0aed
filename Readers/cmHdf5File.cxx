// SPDX-License-Identifier: BSD-3-Clause
#include "cmHdf5File.h"

#include "cmTextScan.h"

#include "vtk_hdf5.h"

#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <exception>
#include <sys/stat.h>

namespace cm
{
namespace
{
/// Closes an HDF5 handle of any kind at scope exit.
struct Handle
{
  hid_t Id;
  herr_t (*Close)(hid_t);
  ~Handle()
  {
    if (this->Id >= 0)
    {
      H5E_BEGIN_TRY
      {
        this->Close(this->Id);
      }
      H5E_END_TRY;
    }
  }
};

/// Whether every link along an absolute path exists (H5Lexists needs the parents).
bool PathExists(hid_t file, const std::string& path)
{
  if (path.empty() || path[0] != '/')
  {
    return false;
  }
  std::size_t at = 1;
  while (at <= path.size())
  {
    std::size_t next = path.find('/', at);
    next = next == std::string::npos ? path.size() : next;
    const std::string prefix = path.substr(0, next);
    htri_t ok;
    H5E_BEGIN_TRY
    {
      ok = H5Lexists(file, prefix.c_str(), H5P_DEFAULT);
    }
    H5E_END_TRY;
    if (ok <= 0)
    {
      return false;
    }
    at = next + 1;
  }
  return true;
}

std::vector<std::uint64_t> Dimensions(hid_t space)
{
  std::vector<std::uint64_t> dims;
  const int rank = H5Sget_simple_extent_ndims(space);
  if (rank < 0 || rank > 32)
  {
    return dims;
  }
  hsize_t d[32];
  H5Sget_simple_extent_dims(space, d, nullptr);
  dims.assign(d, d + rank);
  return dims;
}

bool Numeric(hid_t type)
{
  const H5T_class_t c = H5Tget_class(type);
  return c == H5T_FLOAT || c == H5T_INTEGER;
}
} // namespace

Hdf5File::Hdf5File(const std::string& path)
  : Path(path)
{
  struct stat st;
  if (::stat(path.c_str(), &st) != 0)
  {
    throw ParseError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode))
  {
    throw ParseError(path, 0, "is a directory, not a file");
  }
  // HDF5 reports an unreadable file as "not HDF5": ask the system first.
  if (std::FILE* fp = std::fopen(path.c_str(), "rb"))
  {
    std::fclose(fp);
  }
  else
  {
    throw ParseError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  }
  htri_t is;
  H5E_BEGIN_TRY
  {
    is = H5Fis_hdf5(path.c_str());
  }
  H5E_END_TRY;
  if (is <= 0)
  {
    throw ParseError(path, 0,
      "not an HDF5 file (no HDF5 signature); expected an openEMS HDF5 result (nf2ff or field "
      "dump)");
  }
  H5E_BEGIN_TRY
  {
    this->File = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (this->File < 0)
  {
    throw ParseError(path, 0, "the HDF5 library cannot open the file (damaged or unreadable)");
  }
}

Hdf5File::~Hdf5File()
{
  if (this->File >= 0)
  {
    H5E_BEGIN_TRY
    {
      H5Fclose(static_cast<hid_t>(this->File));
    }
    H5E_END_TRY;
  }
}

bool Hdf5File::IsHdf5(const std::string& path)
{
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
  {
    return false;
  }
  htri_t is;
  H5E_BEGIN_TRY
  {
    is = H5Fis_hdf5(path.c_str());
  }
  H5E_END_TRY;
  return is > 0;
}

bool Hdf5File::LooksLike(const char* path, const std::function<bool(Hdf5Source&)>& looksLike)
{
  if (!path || !IsHdf5(path))
  {
    return false;
  }
  try
  {
    Hdf5File h5(path);
    return looksLike(h5);
  }
  catch (const std::exception&)
  {
    return false;
  }
}

bool Hdf5File::Exists(const std::string& path)
{
  return PathExists(static_cast<hid_t>(this->File), path);
}

bool Hdf5File::Dataset(const std::string& path, std::vector<std::uint64_t>& dims)
{
  const hid_t file = static_cast<hid_t>(this->File);
  if (!PathExists(file, path))
  {
    return false;
  }
  H5O_info_t info;
  herr_t got;
  H5E_BEGIN_TRY
  {
    got = H5Oget_info_by_name(file, path.c_str(), &info, H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (got < 0 || info.type != H5O_TYPE_DATASET)
  {
    return false;
  }
  Handle set{ -1, H5Dclose };
  H5E_BEGIN_TRY
  {
    set.Id = H5Dopen2(file, path.c_str(), H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (set.Id < 0)
  {
    throw ParseError(this->Path, 0, "dataset " + path + " cannot be opened (damaged file?)");
  }
  Handle type{ H5Dget_type(set.Id), H5Tclose };
  if (type.Id < 0 || !Numeric(type.Id))
  {
    throw ParseError(this->Path, 0, "dataset " + path + " is not numeric");
  }
  Handle space{ H5Dget_space(set.Id), H5Sclose };
  if (space.Id < 0 || H5Sget_simple_extent_type(space.Id) == H5S_NULL)
  {
    throw ParseError(this->Path, 0, "dataset " + path + " has no data space");
  }
  dims = Dimensions(space.Id);
  return true;
}

std::vector<double> Hdf5File::Read(const std::string& path)
{
  std::vector<std::uint64_t> dims;
  if (!this->Dataset(path, dims))
  {
    throw ParseError(this->Path, 0, "dataset " + path + " is missing");
  }
  // Saturating: a product that wraps around would under-allocate the buffer below.
  std::uint64_t n = 1;
  for (std::uint64_t d : dims)
  {
    n = d == 0 ? 0 : (n > UINT64_MAX / d ? UINT64_MAX : n * d);
  }
  // A dataset may declare far more values than it stores (fill values, chunks never
  // written, compression): refuse more than 16 times what the file's bytes could hold
  // uncompressed, before allocating.
  struct stat st;
  const std::uint64_t bytes =
    ::stat(this->Path.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
  if (n > (16 * bytes + (1u << 20)) / sizeof(double))
  {
    throw ParseError(this->Path, 0,
      "dataset " + path + " declares " + std::to_string(n) + " values, more than a file of " +
        std::to_string(bytes) + " bytes could hold");
  }
  std::vector<double> v(static_cast<std::size_t>(n));
  Handle set{ -1, H5Dclose };
  herr_t ok = -1;
  H5E_BEGIN_TRY
  {
    set.Id = H5Dopen2(static_cast<hid_t>(this->File), path.c_str(), H5P_DEFAULT);
    if (set.Id >= 0 && n > 0)
    {
      ok = H5Dread(set.Id, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, v.data());
    }
  }
  H5E_END_TRY;
  if (n > 0 && ok < 0)
  {
    throw ParseError(
      this->Path, 0, "dataset " + path + " cannot be read (damaged or truncated file?)");
  }
  return v;
}

bool Hdf5File::Attribute(
  const std::string& path, const std::string& name, std::vector<double>& values)
{
  const hid_t file = static_cast<hid_t>(this->File);
  if (!PathExists(file, path))
  {
    return false;
  }
  htri_t has;
  H5E_BEGIN_TRY
  {
    has = H5Aexists_by_name(file, path.c_str(), name.c_str(), H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (has <= 0)
  {
    return false;
  }
  Handle attr{ -1, H5Aclose };
  H5E_BEGIN_TRY
  {
    attr.Id = H5Aopen_by_name(file, path.c_str(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (attr.Id < 0)
  {
    throw ParseError(this->Path, 0, "attribute " + name + " of " + path + " cannot be opened");
  }
  Handle type{ H5Aget_type(attr.Id), H5Tclose };
  if (type.Id < 0 || !Numeric(type.Id))
  {
    throw ParseError(this->Path, 0, "attribute " + name + " of " + path + " is not numeric");
  }
  Handle space{ H5Aget_space(attr.Id), H5Sclose };
  const hssize_t n = space.Id >= 0 ? H5Sget_simple_extent_npoints(space.Id) : -1;
  if (n < 0 || n > 1000000)
  {
    throw ParseError(this->Path, 0, "attribute " + name + " of " + path + " has a bad size");
  }
  values.assign(static_cast<std::size_t>(n), 0.0);
  herr_t ok = 0;
  if (n > 0)
  {
    H5E_BEGIN_TRY
    {
      ok = H5Aread(attr.Id, H5T_NATIVE_DOUBLE, values.data());
    }
    H5E_END_TRY;
  }
  if (ok < 0)
  {
    throw ParseError(this->Path, 0, "attribute " + name + " of " + path + " cannot be read");
  }
  return true;
}

namespace
{
herr_t CollectLink(hid_t, const char* name, const H5L_info_t*, void* data)
{
  auto* names = static_cast<std::vector<std::string>*>(data);
  if (names->size() >= 1000000)
  {
    return 1; // stop: Children() reports the overflow
  }
  names->emplace_back(name);
  return 0;
}
} // namespace

bool Hdf5File::Children(const std::string& path, std::vector<std::string>& names)
{
  names.clear();
  const hid_t file = static_cast<hid_t>(this->File);
  if (path != "/" && !PathExists(file, path))
  {
    return false;
  }
  H5O_info_t info;
  herr_t got;
  H5E_BEGIN_TRY
  {
    got = H5Oget_info_by_name(file, path.c_str(), &info, H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (got < 0 || info.type != H5O_TYPE_GROUP)
  {
    return false;
  }
  Handle group{ -1, H5Gclose };
  H5E_BEGIN_TRY
  {
    group.Id = H5Gopen2(file, path.c_str(), H5P_DEFAULT);
  }
  H5E_END_TRY;
  if (group.Id < 0)
  {
    throw ParseError(this->Path, 0, "group " + path + " cannot be opened (damaged file?)");
  }
  hsize_t at = 0;
  herr_t ok;
  H5E_BEGIN_TRY
  {
    ok = H5Literate(group.Id, H5_INDEX_NAME, H5_ITER_INC, &at, CollectLink, &names);
  }
  H5E_END_TRY;
  if (ok < 0)
  {
    throw ParseError(this->Path, 0, "group " + path + " cannot be listed (damaged file?)");
  }
  if (ok > 0)
  {
    throw ParseError(this->Path, 0, "group " + path + " holds more than 1000000 links");
  }
  return true;
}
} // namespace cm
