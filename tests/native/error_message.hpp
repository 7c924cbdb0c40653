// What an input check says: the message of the std::invalid_argument an action throws.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

namespace nuno::test {

// The error's message, or "(accepted)" when the action throws nothing.
inline std::string errorMessageOf(const std::function<void()>& action) {
    try {
        action();
    } catch (const std::invalid_argument& error) {
        return error.what();
    }
    return "(accepted)";
}

}  // namespace nuno::test
