#include "constraint_solver.hpp"

#include <algorithm>
#include <cmath>
#include <type_traits>

namespace nuno {

FamilyRules rulesFor(const SolverParameters& parameters, float h) {
    FamilyRules rules{};
    const float springToDisplacement = parameters.springConstant * h * h / (2.0f * parameters.particleMass);
    for (int f = 0; f < kFamilyCount; ++f) {
        const FamilyStiffness& family = parameters.families[f];
        rules[f] = {family.compliance / (h * h), family.stiffness,
                    std::min(1.0f, springToDisplacement * family.stretch),
                    std::min(1.0f, springToDisplacement * family.shrink)};
    }
    return rules;
}

namespace {

// How one visit weighs a pair: the inverse masses its solve sees, and the share of the solved
// correction it applies. In-place orderings see the particles' own inverse masses and apply it all.
struct PairWeights {
    float first;
    float second;
    float relaxation;
};

// The projection's three functions are always inlined into the loops that call them: as calls
// (GCC's choice once two loops used them) the red-black step ran 1.3x slower.

// The length by which the pair's distance should shrink (negative: grow).
template <SolverKind Kind>
[[gnu::always_inline]] inline float lengthCorrection(float violation, float inverseMassSum, const FamilyRule& rule, float relaxation, float& lambda) {
    if constexpr (Kind == SolverKind::MassSpring) {
        return violation * (violation > 0.0f ? rule.stretchGain : rule.shrinkGain) * relaxation;
    } else if constexpr (Kind == SolverKind::Pbd) {
        return violation * rule.stiffness * relaxation;
    } else {
        // The multiplier takes exactly the share that is applied, so it stays the impulse the
        // constraint has given and the converged stretch is the compliance's.
        const float deltaLambda =
            relaxation * ((-violation - rule.alphaTilde * lambda) / (inverseMassSum + rule.alphaTilde));
        lambda += deltaLambda;
        return -deltaLambda * inverseMassSum;
    }
}

// The move of the first particle along the pair per unit of the inverse mass the solve sees;
// the second moves opposite. Zero when both are pinned or they coincide.
template <SolverKind Kind>
[[gnu::always_inline]] inline Vec3 pairShift(const DistanceConstraint& constraint, const Particles& particles, const PairWeights& weights,
               const FamilyRule& rule, float& lambda) {
    const float inverseMassSum = weights.first + weights.second;
    const Vec3 between = particles.positions[constraint.second] - particles.positions[constraint.first];
    const float distance = glm::length(between);
    if (inverseMassSum == 0.0f || distance < 1e-9f) return Vec3(0);
    const float correction =
        lengthCorrection<Kind>(distance - constraint.restLength, inverseMassSum, rule, weights.relaxation, lambda);
    return between * (correction / (distance * inverseMassSum));
}

template <SolverKind Kind>
[[gnu::always_inline]] inline void projectInPlace(std::uint32_t index, const Topology& topology, Particles& particles,
                    const FamilyRules& rules, std::vector<float>& lambdas) {
    const DistanceConstraint& constraint = topology.constraints[index];
    const float firstInverseMass = particles.inverseMasses[constraint.first];
    const float secondInverseMass = particles.inverseMasses[constraint.second];
    const Vec3 shift = pairShift<Kind>(constraint, particles, {firstInverseMass, secondInverseMass, 1.0f},
                                       rules[static_cast<int>(constraint.family)], lambdas[index]);
    particles.positions[constraint.first] += shift * firstInverseMass;
    particles.positions[constraint.second] -= shift * secondInverseMass;
}

// A symmetric sweep visits every constraint twice per iteration. PBD and mass-spring remove a
// share of the violation per visit, so each visit gets the share that, compounded over the
// two, removes what one visit of the other orderings removes: the material does not depend on
// the ordering. XPBD needs no split: its multiplier makes a second visit of a satisfied
// constraint a no-op.
FamilyRules splitOverTwoVisits(FamilyRules rules) {
    const auto half = [](float share) { return 1.0f - std::sqrt(1.0f - share); };
    for (FamilyRule& rule : rules) {
        rule.stiffness = half(rule.stiffness);
        rule.stretchGain = half(rule.stretchGain);
        rule.shrinkGain = half(rule.shrinkGain);
    }
    return rules;
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

}  // namespace

ConstraintSolver::ConstraintSolver(std::size_t constraintCount, std::size_t particleCount)
    : lambdas_(constraintCount, 0.0f), jacobiMoves_(particleCount) {}

void ConstraintSolver::beginSubstep() { std::fill(lambdas_.begin(), lambdas_.end(), 0.0f); }

void ConstraintSolver::solvePass(const ConstraintPass& pass, const Topology& topology, Particles& particles,
                                 SolverKind solver, const FamilyRules& rules) {
    // A copy the positions cannot alias, so the loop keeps the rules in registers.
    const FamilyRules passRules = rules;
    withKind(solver, [&](auto kind) {
        for (std::uint32_t index = pass.begin; index < pass.end; ++index) {
            projectInPlace<kind.value>(index, topology, particles, passRules, lambdas_);
        }
    });
}

void ConstraintSolver::sweep(const Topology& topology, Particles& particles, const SolverParameters& parameters,
                             const FamilyRules& rules) {
    withKind(parameters.solver, [&](auto kind) {
        constexpr SolverKind Kind = kind.value;
        if (parameters.ordering == Ordering::GaussSeidel) {
            // Backward then forward: the sweep's linearised map is then self-adjoint in the mass
            // metric, with real eigenvalues in [0, 1]. A one-way sweep's is not, and its complex
            // eigenvalues near 1 (the slow, long-wave modes of a large stiff cloth) put the
            // velocity update v = (x - x_prev) / h outside its stable region: energy grows.
            // Ending forward, from the first rows where pins usually are, converges further than
            // ending backward.
            const FamilyRules visitRules = Kind == SolverKind::Xpbd ? rules : splitOverTwoVisits(rules);
            for (auto index = topology.gaussSeidelOrder.rbegin(); index != topology.gaussSeidelOrder.rend(); ++index) {
                projectInPlace<Kind>(*index, topology, particles, visitRules, lambdas_);
            }
            for (std::uint32_t index : topology.gaussSeidelOrder) {
                projectInPlace<Kind>(index, topology, particles, visitRules, lambdas_);
            }
            return;
        }
        // Jacobi, with mass splitting: a particle in n constraints lends each of them 1/n of its
        // mass, so each correction is solved with inverse mass n w and the particle moves by the sum.
        std::fill(jacobiMoves_.begin(), jacobiMoves_.end(), Vec3(0));
        for (std::size_t index = 0; index < topology.constraints.size(); ++index) {
            const DistanceConstraint& constraint = topology.constraints[index];
            const float firstInverseMass = particles.inverseMasses[constraint.first];
            const float secondInverseMass = particles.inverseMasses[constraint.second];
            const PairWeights weights{firstInverseMass * topology.constraintCounts[constraint.first],
                                      secondInverseMass * topology.constraintCounts[constraint.second],
                                      parameters.jacobiRelaxation};
            const Vec3 shift = pairShift<Kind>(constraint, particles, weights, rules[static_cast<int>(constraint.family)],
                                               lambdas_[index]);
            jacobiMoves_[constraint.first] += shift * firstInverseMass;
            jacobiMoves_[constraint.second] -= shift * secondInverseMass;
        }
        for (std::size_t i = 0; i < particles.size(); ++i) particles.positions[i] += jacobiMoves_[i];
    });
}

}  // namespace nuno
