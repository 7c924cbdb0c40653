#include "sweep.hpp"

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

// One constraint, moving its particles at once (the Gauss-Seidel ordering).
template <SolverKind Kind>
void projectInPlace(std::uint32_t index, const Topology& topology, Particles& particles, const FamilyRules& rules,
                    std::vector<float>& lambdas) {
    const DistanceConstraint& constraint = topology.constraints[index];
    if (constraint.restLength < 0.0f) return;  // torn
    const float firstInverseMass = particles.inverseMasses[constraint.first];
    const float secondInverseMass = particles.inverseMasses[constraint.second];
    const Vec3 shift = pairShift<Kind>(
        particles.positions[constraint.first], particles.positions[constraint.second], constraint.restLength,
        firstInverseMass, secondInverseMass, rules[static_cast<int>(constraint.family)], 1.0f, lambdas[index]);
    particles.positions[constraint.first] += shift * firstInverseMass;
    particles.positions[constraint.second] -= shift * secondInverseMass;
}

}  // namespace

std::uint64_t SweepSolver::memoryBytes(const ClothSettings& settings, std::uint64_t constraintCount) {
    if (settings.ordering == Ordering::RedBlack) return 0;
    const std::uint64_t sums = settings.ordering == Ordering::Jacobi ? settings.particleCount() * sizeof(Vec3) : 0;
    return constraintCount * sizeof(float) + sums;
}

void SweepSolver::fitTo(const ClothSettings& settings) {
    if (settings.ordering == Ordering::RedBlack) std::vector<float>().swap(lambdas_);
    if (settings.ordering != Ordering::Jacobi) std::vector<Vec3>().swap(jacobiMoves_);
}

void SweepSolver::beginSubstep() { std::fill(lambdas_.begin(), lambdas_.end(), 0.0f); }

void SweepSolver::sweep(const Topology& topology, Particles& particles, const SolverParameters& parameters,
                             const FamilyRules& rules) {
    // Made at the first sweep: a red-black cloth never needs them. Fresh multipliers are zero.
    lambdas_.resize(topology.constraints.size(), 0.0f);
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
        jacobiMoves_.assign(particles.size(), Vec3(0));
        for (std::size_t index = 0; index < topology.constraints.size(); ++index) {
            const DistanceConstraint& constraint = topology.constraints[index];
            if (constraint.restLength < 0.0f) continue;  // torn
            const float firstInverseMass = particles.inverseMasses[constraint.first];
            const float secondInverseMass = particles.inverseMasses[constraint.second];
            const Vec3 shift = pairShift<Kind>(
                particles.positions[constraint.first], particles.positions[constraint.second], constraint.restLength,
                firstInverseMass * topology.constraintCounts[constraint.first],
                secondInverseMass * topology.constraintCounts[constraint.second],
                rules[static_cast<int>(constraint.family)], parameters.jacobiRelaxation, lambdas_[index]);
            jacobiMoves_[constraint.first] += shift * firstInverseMass;
            jacobiMoves_[constraint.second] -= shift * secondInverseMass;
        }
        for (std::size_t i = 0; i < particles.size(); ++i) particles.positions[i] += jacobiMoves_[i];
    });
}

}  // namespace nuno
