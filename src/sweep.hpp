// The sweep stage. Its GPU twin: shaders/webgl2/sweep-jacobi.frag.glsl (Jacobi; WebGPU refuses the
// sweeps); tests/browser/stages.spec.js runs it on the CPU and WebGL2.
//
// Projection of the distance constraints, for the three solver models and three orderings.
//
// Every model reduces a constraint's violation C = |x_b - x_a| - restLength by some length and
// shares that change between the two particles in proportion to their inverse masses w:
//   mass-spring (Verlet): Hooke's force k * C, scaled by the family's stretch or
//       shrink factor, turned into a displacement with h^2 / (2 m). A spring stiffer than one
//       substep can resolve is solved fully (the gain is clamped to 1), never overshot.
//   PBD: removes stiffness * C, stiffness in [0, 1].
//   XPBD: with alpha~ = compliance / h^2, dlambda = (-C - alpha~ lambda) / (w_a + w_b + alpha~),
//       lambda += dlambda, and the pair moves by -dlambda along the constraint gradient; lambda
//       starts at zero every substep. The stretch is the compliance's, whatever h and the
//       iteration count, once the substep's solve converges. With one iteration that needs
//       alpha~ >= 5 (w_a + w_b) (red-black; Gauss-Seidel about a third of that, Jacobi about 20
//       times more); far below it the solver's own error sets the stretch, as an extra compliance
//       of about (w_a + w_b) h^2 / iterations (tests/native/convergence_test.cpp).
// Orderings: Gauss-Seidel visits constraints by start particle, backward then forward, and moves
// particles at once; red-black visits the twelve colour passes of the topology (what the GPU
// does; constrain.hpp, four constraints at a time); Jacobi computes every correction from the same positions with each particle's mass
// split evenly among its constraints, then moves each particle by the relaxation factor times
// the sum of its corrections.
#pragma once

#include <array>
#include <vector>

#include "particles.hpp"
#include "projection.hpp"
#include "settings.hpp"
#include "topology.hpp"

namespace nuno {

using FamilyRules = std::array<FamilyRule, kFamilyCount>;

struct SolverParameters {
    SolverKind solver;
    Ordering ordering;
    float jacobiRelaxation;
    float springConstant;  // N/m
    float particleMass;    // kg
    std::array<FamilyStiffness, kFamilyCount> families;
};

FamilyRules rulesFor(const SolverParameters& parameters, float substepSeconds);

// Runs the sweep stages of the step schedule (step_schedule.hpp).
class SweepSolver {
public:
    // Starts a substep: XPBD multipliers return to zero.
    void beginSubstep();
    // Every constraint once, in the Gauss-Seidel (back, then forth) or Jacobi ordering.
    void sweep(const Topology& topology, Particles& particles, const SolverParameters& parameters,
               const FamilyRules& rules);

    // What a cloth with these settings keeps here (made when a sweep first runs): the
    // multipliers, and Jacobi's summed corrections.
    static std::uint64_t memoryBytes(const ClothSettings& settings, std::uint64_t constraintCount);
    // Frees what these settings do not use.
    void fitTo(const ClothSettings& settings);

private:
    std::vector<float> lambdas_;     // XPBD multiplier per constraint, in topology order
    std::vector<Vec3> jacobiMoves_;  // summed corrections per particle
};

}  // namespace nuno
