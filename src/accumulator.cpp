#include "accumulator.hpp"

#include "settings.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace nuno {

FixedStepAccumulator::FixedStepAccumulator(double stepSeconds, double maxFrameSeconds)
    : stepSeconds_(stepSeconds), maxFrameSeconds_(maxFrameSeconds) {}

void FixedStepAccumulator::configure(double stepSeconds, double maxFrameSeconds) {
    stepSeconds_ = stepSeconds;
    maxFrameSeconds_ = maxFrameSeconds;
    carriedSeconds_ = std::min(carriedSeconds_, stepSeconds_);
}

int FixedStepAccumulator::advance(double frameSeconds) {
    if (!std::isfinite(frameSeconds) || frameSeconds < 0.0) {
        failInput("frameSeconds", "a finite number >= 0", {frameSeconds});
    }
    carriedSeconds_ += std::min(frameSeconds, maxFrameSeconds_);
    // The tolerance (a millionth of a step) keeps settings rounded to float, such as a 0.1 s clamp
    // over 1/60 s steps, from losing a step to rounding.
    const int steps = static_cast<int>(std::floor(carriedSeconds_ / stepSeconds_ + 1e-6));
    carriedSeconds_ = std::max(0.0, carriedSeconds_ - steps * stepSeconds_);
    return steps;
}

}  // namespace nuno
