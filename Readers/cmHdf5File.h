// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmHdf5File.h
 * @brief cm::Hdf5Source over the HDF5 C library (VTK's VTK::hdf5).
 *
 * Opens a file read-only and answers the layout questions of the pipeline-free
 * parsers (cmOpenEmsNf2ff.h). HDF5's own error printing is silenced around every call
 * (H5E_BEGIN_TRY), so a damaged file gives one CloudMap error naming the file, not a
 * page of HDF5 stack. Numeric datasets and attributes of any float or integer type are
 * converted to double by the library.
 */
#ifndef cmHdf5File_h
#define cmHdf5File_h

#include "cmOpenEmsNf2ff.h"

#include <functional>
#include <string>

namespace cm
{
class Hdf5File : public Hdf5Source
{
public:
  /// Opens `path`; throws ParseError "path: cannot open ..." or "... is not an HDF5 file".
  explicit Hdf5File(const std::string& path);
  ~Hdf5File() override;
  Hdf5File(const Hdf5File&) = delete;
  Hdf5File& operator=(const Hdf5File&) = delete;

  /// True when `path` is a readable HDF5 file (no exception, for CanReadFile).
  static bool IsHdf5(const std::string& path);

  /// A reader's CanReadFile: true when `path` is a readable HDF5 file whose
  /// layout `looksLike` accepts; any error while looking means false.
  static bool LooksLike(const char* path, const std::function<bool(Hdf5Source&)>& looksLike);

  bool Dataset(const std::string& path, std::vector<std::uint64_t>& dims) override;
  bool Exists(const std::string& path) override;
  std::vector<double> Read(const std::string& path) override;
  bool Attribute(
    const std::string& path, const std::string& name, std::vector<double>& values) override;
  /// Lists the links of a group (at most 1,000,000; more throws ParseError).
  bool Children(const std::string& path, std::vector<std::string>& names) override;

private:
  std::string Path;
  long long File = -1; ///< hid_t
};
} // namespace cm
#endif
