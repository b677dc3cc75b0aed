// SPDX-License-Identifier: BSD-3-Clause
// libFuzzer harness for the pipeline-free parsers. One binary per parser:
// compile with -DCM_FUZZ_<NAME> (see CMakeLists.txt). A ParseError is the
// expected answer to bad input; anything else escaping (another exception,
// a crash, a sanitizer report, a hang, an allocation beyond -rss_limit_mb)
// is a bug.
#include "cmTextScan.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

#if defined(CM_FUZZ_MOM)
#include "cmMoMFormat.h"
#define CM_PARSE(text) cloudmap::ParseMoM(text, "fuzz.cmom")
#elif defined(CM_FUZZ_NEC)
#include "cmNecOutput.h"
#define CM_PARSE(text) cloudmap::ParseNecOutput(text, "fuzz.out")
#elif defined(CM_FUZZ_FEKO_FFE)
#include "cmFekoFormat.h"
#define CM_PARSE(text) cloudmap::ParseFekoFarField(text, "fuzz.ffe")
#elif defined(CM_FUZZ_FEKO_OS)
#include "cmFekoFormat.h"
#define CM_PARSE(text) cloudmap::ParseFekoCurrents(text, "fuzz.os")
#elif defined(CM_FUZZ_FEKO_OUT)
#include "cmFekoFormat.h"
#define CM_PARSE(text) cloudmap::ParseFekoOutput(text, "fuzz.out")
#elif defined(CM_FUZZ_CST)
#include "cmCstFarField.h"
#define CM_PARSE(text) cloudmap::ParseCstFarField(text, "fuzz.txt")
#elif defined(CM_FUZZ_GMSH)
#include "cmGmshFormat.h"
#define CM_PARSE(text) cloudmap::ParseGmsh(text, "fuzz.msh")
#else
#error "define one CM_FUZZ_<parser>"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try
  {
    (void)CM_PARSE(text);
  }
  catch (const cloudmap::ParseError&)
  {
    // The documented refusal.
  }
  return 0;
}
