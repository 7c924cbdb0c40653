// One distance constraint's projection, written once for a single pair (float, glm::vec3: the
// Gauss-Seidel and Jacobi sweeps) and for four pairs at a time (Float4, Float4x3 of float4.hpp:
// the red-black passes). The operations and their order are the same for both, so the two round identically;
// the GPU shaders (shaders/webgl2/constrain.frag.glsl and sweep-jacobi.frag.glsl,
// shaders/webgpu/constrain.wgsl) repeat them too.
// The models are described in sweep.hpp.
#pragma once

#include <type_traits>

#include <cmath>

#include "math.hpp"
#include "settings.hpp"

namespace nuno {

// What one family's parameters mean for one substep, worked out once per sweep: as floats, or
// as four copies of each for the passes that solve four constraints at once.
template <class Real>
struct FamilyRuleOf {
    Real alphaTilde;   // XPBD compliance / h^2
    Real stiffness;    // PBD
    Real stretchGain;  // mass-spring, while longer than rest
    Real shrinkGain;   // mass-spring, while shorter than rest
};
using FamilyRule = FamilyRuleOf<float>;

// The share of `between` (second minus first position) by which the first particle moves per
// unit of the inverse mass the solve sees; the second moves opposite. It is the length correction
// over distance * inverseMassSum, written as one quotient so that a projection takes a single
// division. violation is distance - restLength.
template <SolverKind Kind, class Real>
[[gnu::always_inline]] inline Real shiftShare(Real violation, Real distance, Real inverseMassSum,
                                              const FamilyRuleOf<Real>& rule, Real relaxation, Real& lambda) {
    if constexpr (Kind == SolverKind::MassSpring) {
        const Real gain = select(violation > Real(0.0f), rule.stretchGain, rule.shrinkGain);
        return violation * gain * relaxation / (distance * inverseMassSum);
    } else if constexpr (Kind == SolverKind::Pbd) {
        return violation * rule.stiffness * relaxation / (distance * inverseMassSum);
    } else {
        // XPBD's multiplier step is -(C + alpha~ lambda) / (w + alpha~) and the first particle
        // moves by minus that (times its inverse mass) along the unit direction: the share is it
        // over the distance. The multiplier takes exactly the step that is applied, so it stays
        // the impulse the constraint has given and the converged stretch is the compliance's.
        const Real share = relaxation * (violation + rule.alphaTilde * lambda) /
                           (distance * (inverseMassSum + rule.alphaTilde));
        lambda = lambda - share * distance;
        return share;
    }
}

// The move of the first particle along the pair per unit of the inverse mass the solve sees
// (firstWeight, secondWeight); the second moves opposite. Zero, and the multiplier untouched,
// where both are pinned or they coincide.
template <SolverKind Kind, class Real, class Vector>
[[gnu::always_inline]] inline Vector pairShift(const Vector& first, const Vector& second, Real restLength, Real firstWeight,
                                               Real secondWeight, const FamilyRuleOf<Real>& rule, Real relaxation,
                                               Real& lambda) {
    const Real inverseMassSum = firstWeight + secondWeight;
    const Vector between = second - first;
    const Real distance = lengthOf(between);
    const auto solvable = inverseMassSum != Real(0.0f) && distance >= Real(1e-9f);
    Real nextLambda = lambda;
    const Real share = shiftShare<Kind>(distance - restLength, distance, inverseMassSum, rule, relaxation, nextLambda);
    lambda = select(solvable, nextLambda, lambda);
    return between * select(solvable, share, Real(0.0f));
}

// Runs body with the solver kind as a compile-time constant, so the projections inline it.
template <class Body>
void withKind(SolverKind solver, Body&& body) {
    switch (solver) {
        case SolverKind::MassSpring:
            body(std::integral_constant<SolverKind, SolverKind::MassSpring>{});
            break;
        case SolverKind::Pbd:
            body(std::integral_constant<SolverKind, SolverKind::Pbd>{});
            break;
        case SolverKind::Xpbd:
            body(std::integral_constant<SolverKind, SolverKind::Xpbd>{});
            break;
    }
}

}  // namespace nuno
