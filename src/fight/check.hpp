// Input checks that format their message only when they fail (some sit on
// the path of every sampled attack).
#pragma once

#include <fray/core/error.hpp>

#include <fmt/format.h>

#include <utility>

namespace fray::fight::detail {

template <class... Args>
inline void check(bool ok, fmt::format_string<Args...> message, Args&&... args) {
  if (!ok) [[unlikely]]
    throw Error(fmt::format(message, std::forward<Args>(args)...));
}

}  // namespace fray::fight::detail
