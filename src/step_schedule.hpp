// The step schedule, described once: the stages one substep runs, in order. The CPU cloth runs
// them (Cloth::substep); the GPU cloth draws one fragment pass per stage (web/backends/webgl2/gpu-cloth.js
// reads them through cloth.substepSchedule()), so its passes per step are the schedule's length
// times the substeps.
//   predict    gravity, wind and damping move velocities and predict positions
//   constrain  red-black: one colour of one direction (a ConstraintPass of the topology), every
//              direction's two colours per iteration, direction-major
//   sweep      Gauss-Seidel or Jacobi: every constraint, once per iteration (the CPU only)
//   separate   with self-collision on: push apart the cloth's own particles (the CPU only)
//   collide    push out of the colliders, then velocities from what the substep moved
#pragma once

#include <cstdint>
#include <vector>

#include "settings.hpp"
#include "topology.hpp"

namespace nuno {

enum class StageKind : std::uint8_t { Predict, Constrain, Sweep, Separate, Collide };
// As JS reads it: 'predict', 'constrain', 'sweep', 'separate', 'collide'.
const char* stageName(StageKind kind);

struct Stage {
    StageKind kind;
    int iteration = 0;  // constrain and sweep: the first of a substep starts XPBD multipliers at zero
    Direction direction = Direction::Right;  // constrain only
    int colour = 0;                          // constrain only
};

std::vector<Stage> substepSchedule(Ordering ordering, int iterations, bool selfCollision);

}  // namespace nuno
