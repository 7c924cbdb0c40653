#include "constraint_solver.hpp"

#include <algorithm>
#include <cmath>

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

// The length by which the pair's distance should shrink (negative: grow).
template <SolverKind Kind>
float lengthCorrection(float violation, float inverseMassSum, const FamilyRule& rule, float& lambda) {
    if constexpr (Kind == SolverKind::MassSpring) {
        return violation * (violation > 0.0f ? rule.stretchGain : rule.shrinkGain);
    } else if constexpr (Kind == SolverKind::Pbd) {
        return violation * rule.stiffness;
    } else {
        const float deltaLambda = (-violation - rule.alphaTilde * lambda) / (inverseMassSum + rule.alphaTilde);
        lambda += deltaLambda;
        return -deltaLambda * inverseMassSum;
    }
}

// The move of the first particle along the pair per unit inverse mass; the second moves opposite.
// Zero when both are pinned or they coincide.
template <SolverKind Kind>
Vec3 pairShift(const DistanceConstraint& constraint, const Particles& particles, const FamilyRule& rule,
               float& lambda) {
    const float inverseMassSum =
        particles.inverseMasses[constraint.first] + particles.inverseMasses[constraint.second];
    const Vec3 between = particles.positions[constraint.second] - particles.positions[constraint.first];
    const float distance = glm::length(between);
    if (inverseMassSum == 0.0f || distance < 1e-9f) return Vec3(0);
    const float correction = lengthCorrection<Kind>(distance - constraint.restLength, inverseMassSum, rule, lambda);
    return between * (correction / (distance * inverseMassSum));
}

template <SolverKind Kind>
void projectInPlace(std::uint32_t index, const Topology& topology, Particles& particles,
                    const FamilyRules& rules, std::vector<float>& lambdas) {
    const DistanceConstraint& constraint = topology.constraints[index];
    const Vec3 shift = pairShift<Kind>(constraint, particles, rules[static_cast<int>(constraint.family)], lambdas[index]);
    particles.positions[constraint.first] += shift * particles.inverseMasses[constraint.first];
    particles.positions[constraint.second] -= shift * particles.inverseMasses[constraint.second];
}

}  // namespace

template <SolverKind Kind>
void ConstraintSolver::sweep(const Topology& topology, Particles& particles, const SolverParameters& parameters,
                             const FamilyRules& rules) {
    switch (parameters.ordering) {
        case Ordering::GaussSeidel:
            for (std::uint32_t index : topology.gaussSeidelOrder) {
                projectInPlace<Kind>(index, topology, particles, rules, lambdas_);
            }
            break;
        case Ordering::RedBlack:
            for (const ConstraintPass& pass : topology.passes) {
                for (std::uint32_t index = pass.begin; index < pass.end; ++index) {
                    projectInPlace<Kind>(index, topology, particles, rules, lambdas_);
                }
            }
            break;
        case Ordering::Jacobi: {
            std::fill(jacobiSums_.begin(), jacobiSums_.end(), Vec3(0));
            std::fill(jacobiCounts_.begin(), jacobiCounts_.end(), 0.0f);
            for (std::size_t index = 0; index < topology.constraints.size(); ++index) {
                const DistanceConstraint& constraint = topology.constraints[index];
                const Vec3 shift =
                    pairShift<Kind>(constraint, particles, rules[static_cast<int>(constraint.family)], lambdas_[index]);
                jacobiSums_[constraint.first] += shift * particles.inverseMasses[constraint.first];
                jacobiSums_[constraint.second] -= shift * particles.inverseMasses[constraint.second];
                jacobiCounts_[constraint.first] += 1.0f;
                jacobiCounts_[constraint.second] += 1.0f;
            }
            for (std::size_t i = 0; i < particles.size(); ++i) {
                if (jacobiCounts_[i] > 0.0f) {
                    particles.positions[i] += jacobiSums_[i] * (parameters.jacobiRelaxation / jacobiCounts_[i]);
                }
            }
            break;
        }
    }
}

ConstraintSolver::ConstraintSolver(std::size_t constraintCount, std::size_t particleCount)
    : lambdas_(constraintCount, 0.0f), jacobiSums_(particleCount), jacobiCounts_(particleCount) {}

void ConstraintSolver::beginSubstep() { std::fill(lambdas_.begin(), lambdas_.end(), 0.0f); }

void ConstraintSolver::iterate(const Topology& topology, Particles& particles, const SolverParameters& parameters,
                               float substepSeconds) {
    const auto rules = rulesFor(parameters, substepSeconds);
    switch (parameters.solver) {
        case SolverKind::MassSpring:
            sweep<SolverKind::MassSpring>(topology, particles, parameters, rules);
            break;
        case SolverKind::Pbd:
            sweep<SolverKind::Pbd>(topology, particles, parameters, rules);
            break;
        case SolverKind::Xpbd:
            sweep<SolverKind::Xpbd>(topology, particles, parameters, rules);
            break;
    }
}

}  // namespace nuno
