// Attachments: particles that follow targets the caller moves every frame (a flag on a moving
// pole, a cape on a walking character, a curtain on a sliding rail), all set in one call.
//
// A target given between two step() calls is where its particle is when the next call's steps
// end. Each substep of that call puts the particle on the straight line from where it was to
// its target, as far along as the substep ends in the call's time, and gives it the velocity of
// that line: the cloth sees a smooth motion whatever the frame rate, and a particle let go
// keeps its target's velocity rather than stopping dead (or whipping the cloth when it jumped
// in one substep). An attached particle weighs nothing in the constraints, as a pinned one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "math.hpp"

namespace nuno {

struct Attachment {
    std::uint32_t particle;
    Vec3 from;  // where the particle was when this call's motion began, metres
    Vec3 to;    // its target at the end of the call's steps
};

// Where a substep puts the attached particles: `progress` is the share of the call's time passed
// when the substep ends, `inverseSeconds` 1 / the call's seconds.
struct AttachedMotion {
    float progress;
    float inverseSeconds;
};

inline Vec3 attachedPosition(const Attachment& attachment, float progress) {
    // from * (1 - t) + to * t: exactly `to` at t = 1, as GLSL's and WGSL's mix() compute it.
    return attachment.from * (1.0f - progress) + attachment.to * progress;
}

inline Vec3 attachedVelocity(const Attachment& attachment, float inverseSeconds) {
    return (attachment.to - attachment.from) * inverseSeconds;
}

class Attachments {
public:
    // Makes exactly these particles the attached ones (none: all let go), each following its
    // target (x, y, z per particle, metres). Particles and targets come as JS numbers: throws
    // std::invalid_argument naming 'particles' (not integers in [0, particleCount) rising, so
    // each is given once and kept in order without a sort) or 'targets' (not 3 per particle, or
    // a coordinate beyond kMaxCoordinateMetres).
    // A particle attached already goes on from where it is; a newly attached one starts at its
    // target. Returns whether the set of particles changed (their inverse masses then change).
    bool set(const std::vector<double>& particles, const std::vector<double>& targets, std::size_t particleCount);
    // The call's steps are done: every particle is at its target.
    void arrive();
    void clear() { list_.clear(); }

    bool empty() const { return list_.empty(); }
    bool contains(std::uint32_t particle) const;
    // By particle.
    const std::vector<Attachment>& list() const { return list_; }

private:
    std::vector<Attachment> list_;  // by particle
};

}  // namespace nuno
