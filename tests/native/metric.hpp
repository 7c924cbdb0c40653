// Every figure a test measures goes out on its own line, so runs can be compared.
#pragma once

#include <cstdio>
#include <string>

namespace nuno::test {

inline void metric(const std::string& name, double value, const std::string& unit, const std::string& note = "") {
    std::printf("metric: %s = %.6g %s%s\n", name.c_str(), value, unit.c_str(), note.empty() ? "" : (" (" + note + ")").c_str());
}

}  // namespace nuno::test
