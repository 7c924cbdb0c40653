// The tests that hold a fast path to a plain one compare vectors bit for bit: how many differ.
#pragma once

#include <cstring>
#include <vector>

#include "math.hpp"

namespace nuno::test {

inline int differingBits(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
    int differing = 0;
    for (std::size_t i = 0; i < a.size(); ++i) differing += std::memcmp(&a[i], &b[i], sizeof(Vec3)) != 0;
    return differing;
}

}  // namespace nuno::test
