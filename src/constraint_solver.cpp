#include "constraint_solver.hpp"

#include <algorithm>
#include <cmath>

namespace nuno {
namespace {

// What one family's parameters mean for one substep, worked out once per sweep.
struct FamilyRule {
    float alphaTilde;   // XPBD compliance / h^2
    float stiffness;    // PBD
    float stretchGain;  // mass-spring, while longer than rest
    float shrinkGain;   // mass-spring, while shorter than rest
};

std::array<FamilyRule, kFamilyCount> rulesFor(const SolverParameters& parameters, float h) {
    std::array<FamilyRule, kFamilyCount> rules{};
    const float springToDisplacement = parameters.springConstant * h * h / (2.0f * parameters.particleMass);
    for (int f = 0; f < kFamilyCount; ++f) {
        const FamilyStiffness& family = parameters.families[f];
        rules[f] = {family.compliance / (h * h), family.stiffness,
                    std::min(1.0f, springToDisplacement * family.stretch),
                    std::min(1.0f, springToDisplacement * family.shrink)};
    }
    return rules;
}

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
                    const std::array<FamilyRule, kFamilyCount>& rules, std::vector<float>& lambdas) {
    const DistanceConstraint& constraint = topology.constraints[index];
    const Vec3 shift = pairShift<Kind>(constraint, particles, rules[static_cast<int>(constraint.family)], lambdas[index]);
    particles.positions[constraint.first] += shift * particles.inverseMasses[constraint.first];
    particles.positions[constraint.second] -= shift * particles.inverseMasses[constraint.second];
}

template <SolverKind Kind>
void sweep(const Topology& topology, Particles& particles, const SolverParameters& parameters,
           const std::array<FamilyRule, kFamilyCount>& rules, std::vector<float>& lambdas,
           std::vector<Vec3>& jacobiSums, std::vector<float>& jacobiCounts) {
    switch (parameters.ordering) {
        case Ordering::GaussSeidel:
            for (std::uint32_t index : topology.gaussSeidelOrder) {
                projectInPlace<Kind>(index, topology, particles, rules, lambdas);
            }
            break;
        case Ordering::RedBlack:
            for (const ConstraintPass& pass : topology.passes) {
                for (std::uint32_t index = pass.begin; index < pass.end; ++index) {
                    projectInPlace<Kind>(index, topology, particles, rules, lambdas);
                }
            }
            break;
        case Ordering::Jacobi: {
            std::fill(jacobiSums.begin(), jacobiSums.end(), Vec3(0));
            std::fill(jacobiCounts.begin(), jacobiCounts.end(), 0.0f);
            for (std::size_t index = 0; index < topology.constraints.size(); ++index) {
                const DistanceConstraint& constraint = topology.constraints[index];
                const Vec3 shift =
                    pairShift<Kind>(constraint, particles, rules[static_cast<int>(constraint.family)], lambdas[index]);
                jacobiSums[constraint.first] += shift * particles.inverseMasses[constraint.first];
                jacobiSums[constraint.second] -= shift * particles.inverseMasses[constraint.second];
                jacobiCounts[constraint.first] += 1.0f;
                jacobiCounts[constraint.second] += 1.0f;
            }
            for (std::size_t i = 0; i < particles.size(); ++i) {
                if (jacobiCounts[i] > 0.0f) {
                    particles.positions[i] += jacobiSums[i] * (parameters.jacobiRelaxation / jacobiCounts[i]);
                }
            }
            break;
        }
    }
}

}  // namespace

ConstraintSolver::ConstraintSolver(std::size_t constraintCount, std::size_t particleCount)
    : lambdas_(constraintCount, 0.0f), jacobiSums_(particleCount), jacobiCounts_(particleCount) {}

void ConstraintSolver::beginSubstep() { std::fill(lambdas_.begin(), lambdas_.end(), 0.0f); }

void ConstraintSolver::iterate(const Topology& topology, Particles& particles, const SolverParameters& parameters,
                               float substepSeconds) {
    const auto rules = rulesFor(parameters, substepSeconds);
    switch (parameters.solver) {
        case SolverKind::MassSpring:
            sweep<SolverKind::MassSpring>(topology, particles, parameters, rules, lambdas_, jacobiSums_, jacobiCounts_);
            break;
        case SolverKind::Pbd:
            sweep<SolverKind::Pbd>(topology, particles, parameters, rules, lambdas_, jacobiSums_, jacobiCounts_);
            break;
        case SolverKind::Xpbd:
            sweep<SolverKind::Xpbd>(topology, particles, parameters, rules, lambdas_, jacobiSums_, jacobiCounts_);
            break;
    }
}

}  // namespace nuno
