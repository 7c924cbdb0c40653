// Turns irregular frame times into whole fixed steps. The part of a frame too short for a step
// is carried into the next frame; a frame longer than the clamp (a stall, a background tab)
// counts as the clamp, so the cloth slows down instead of exploding or spiralling.
#pragma once

namespace nuno {

class FixedStepAccumulator {
public:
    FixedStepAccumulator(double stepSeconds, double maxFrameSeconds);

    // Returns how many fixed steps this frame advances. Throws for a negative or non-finite time.
    int advance(double frameSeconds);
    double carriedSeconds() const { return carriedSeconds_; }
    void reset() { carriedSeconds_ = 0.0; }
    void configure(double stepSeconds, double maxFrameSeconds);

private:
    double stepSeconds_;
    double maxFrameSeconds_;
    double carriedSeconds_ = 0.0;
};

}  // namespace nuno
