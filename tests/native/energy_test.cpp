// No solver and no ordering may add energy to an undamped cloth.
//
// With damping and wind drag off, the only forces are gravity, the constraints and the colliders.
// A projection moves particles toward the constraint surface and the velocity update keeps only
// what survives it, like an inelastic impulse; a contact removes the approach (no bounce); the
// symplectic Euler prediction loses 0.5 m g^2 h^2 per substep in free fall. None of them adds
// energy, so the total (kinetic + gravitational + elastic) may only fall. Each cloth starts at
// rest in its rest shape, where the elastic energy is zero, and it is never negative, so
//   kinetic + gravitational  <=  total  <=  total at the start  =  kinetic + gravitational at the start.
// That bound needs no elastic energy, which is not defined for the rigid families (compliance 0,
// PBD, clamped mass-spring gains) nor for a stiff XPBD family whose solve has not converged
// (the residual C^2 / (2 compliance) is then solver error, not stored energy). Where the solve
// converges, for a soft XPBD cloth, the test counts the elastic energy as well.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "cloth.hpp"
#include "metric.hpp"

namespace nuno {
namespace {

// What a run may exceed its starting energy by. Positions are float32: near 1 m a coordinate
// rounds by up to 6e-8 m. That moves the gravitational energy of a 0.2 kg cloth by about 1e-7 J
// and, through v = (x - predicted) / h at h = 1/240 s, leaves velocity noise near 3e-5 m/s,
// 1e-10 J of kinetic energy. 1e-5 J is a hundred times the larger, and 1e-5 of the 1-2 J these
// cloths start with; the one-way Gauss-Seidel sweep added 0.5 J and more.
constexpr double kToleranceJoules = 1e-5;

double gravitationalEnergy(const Cloth& cloth) {
    const double mass = cloth.settings().particleMass();
    const Vec3 gravity = cloth.settings().gravity;
    double energy = 0.0;
    for (const Vec3& position : cloth.positions()) energy -= mass * static_cast<double>(glm::dot(gravity, position));
    return energy;
}

// Sum of C^2 / (2 compliance) over XPBD's constraints.
double elasticEnergy(const Cloth& cloth) {
    const ClothSettings& settings = cloth.settings();
    const std::array<double, kFamilyCount> compliances = {settings.structural.compliance, settings.shear.compliance,
                                                          settings.bending.compliance};
    double energy = 0.0;
    for (const DistanceConstraint& constraint : cloth.topology().constraints) {
        const double length = glm::length(cloth.positions()[constraint.second] - cloth.positions()[constraint.first]);
        const double violation = length - constraint.restLength;
        energy += violation * violation / (2.0 * compliances[static_cast<std::size_t>(constraint.family)]);
    }
    return energy;
}

double fastestSpeed(const Cloth& cloth) {
    double fastest = 0.0;
    for (const Vec3& velocity : cloth.particles().velocities) fastest = std::max(fastest, double(glm::length(velocity)));
    return fastest;
}

enum class Counted { KineticAndGravitational, WithElastic };

struct EnergyRecord {
    double startJoules = 0.0;
    // The highest energy reached after the start, less the start: negative when it only fell,
    // infinite when the state stopped being finite.
    double peakRiseJoules = -std::numeric_limits<double>::infinity();
    double finalKineticJoules = 0.0;
    double fastestMetresPerSecond = 0.0;
};

// Checked after every 1/60 s step.
EnergyRecord runUndamped(ClothSettings settings, const std::vector<Collider>& colliders, double seconds,
                         Counted counted = Counted::KineticAndGravitational) {
    settings.damping = 0.0f;
    settings.windNormalDrag = 0.0f;
    settings.windTangentialDrag = 0.0f;
    Cloth cloth(settings);
    for (const Collider& collider : colliders) cloth.addCollider(collider);
    const auto energy = [&cloth, counted] {
        const double mechanical = cloth.kineticEnergy() + gravitationalEnergy(cloth);
        return counted == Counted::WithElastic ? mechanical + elasticEnergy(cloth) : mechanical;
    };
    EnergyRecord record;
    record.startJoules = energy();
    const int steps = static_cast<int>(std::lround(seconds / settings.stepSeconds));
    for (int step = 0; step < steps; ++step) {
        cloth.stepFixed(1);
        const double now = energy();
        if (!std::isfinite(now)) {
            record.peakRiseJoules = std::numeric_limits<double>::infinity();
            break;
        }
        record.peakRiseJoules = std::max(record.peakRiseJoules, now - record.startJoules);
        record.fastestMetresPerSecond = std::max(record.fastestMetresPerSecond, fastestSpeed(cloth));
    }
    record.finalKineticJoules = cloth.kineticEnergy();
    return record;
}

void reportAndCheck(const EnergyRecord& record, const std::string& label) {
    test::metric("start_energy", record.startJoules, "J", label);
    test::metric("peak_energy_rise", record.peakRiseJoules, "J", label + ", highest energy less the start");
    test::metric("final_kinetic_energy", record.finalKineticJoules, "J", label);
    test::metric("max_speed", record.fastestMetresPerSecond, "m/s", label);
    EXPECT_LE(record.peakRiseJoules, kToleranceJoules) << label << ": energy rose above its start";
}

struct SolverCase {
    SolverKind solver;
    Ordering ordering;
};

void PrintTo(const SolverCase& c, std::ostream* out) { *out << solverName(c.solver) << ", " << orderingName(c.ordering); }

std::string labelOf(const SolverCase& c) { return std::string(solverName(c.solver)) + ", " + orderingName(c.ordering); }

std::string testNameOf(const std::string& label) {
    std::string name = label;
    for (char& c : name) c = (c == '-' || c == ' ' || c == ',') ? '_' : c;
    name.erase(std::unique(name.begin(), name.end(), [](char a, char b) { return a == '_' && b == '_'; }), name.end());
    return name;
}

// Defaults otherwise: 1 m square, top edge pinned, 1 iteration.
ClothSettings clothFor(const SolverCase& c, int side, int substeps) {
    ClothSettings settings;
    settings.columns = side;
    settings.rows = side;
    settings.substeps = substeps;
    settings.solver = c.solver;
    settings.ordering = c.ordering;
    return settings;
}

class EnergyTest : public ::testing::TestWithParam<SolverCase> {};

// Hanging from its top edge, the cloth swings and stretches under gravity. 24x24 is about the
// smallest grid whose long waves the one-way sweep drove (16x16 stayed bounded).
TEST_P(EnergyTest, AHangingClothGainsNoEnergyIn20Seconds) {
    const EnergyRecord record = runUndamped(clothFor(GetParam(), 24, 4), {}, 20.0);
    reportAndCheck(record, labelOf(GetParam()) + ", hanging 24x24, 20 s");
}

// A loose horizontal cloth dropped onto a sphere that stands on the ground. Both contacts are
// frictionless, so they take nothing from sliding and the solver's own losses are all that keep
// the energy down; the ground keeps the cloth from falling away, where the gravitational energy
// it lost would hide any gain.
TEST_P(EnergyTest, AClothDroppedOnASphereGainsNoEnergyIn20Seconds) {
    ClothSettings settings = clothFor(GetParam(), 16, 4);
    settings.orientation = Orientation::Horizontal;
    settings.pins = PinPreset::None;
    settings.center = Vec3(0.0f, 0.55f, 0.0f);
    const std::vector<Collider> colliders = {{Sphere{Vec3(0.0f), 0.5f}, 0.0f},
                                             {planeThrough(Vec3(0.0f, -0.5f, 0.0f), Vec3(0.0f, 1.0f, 0.0f)), 0.0f}};
    const EnergyRecord record = runUndamped(settings, colliders, 20.0);
    reportAndCheck(record, labelOf(GetParam()) + ", dropped on a sphere 16x16, 20 s");
}

INSTANTIATE_TEST_SUITE_P(
    Solvers, EnergyTest,
    ::testing::Values(SolverCase{SolverKind::MassSpring, Ordering::GaussSeidel},
                      SolverCase{SolverKind::MassSpring, Ordering::RedBlack},
                      SolverCase{SolverKind::MassSpring, Ordering::Jacobi},
                      SolverCase{SolverKind::Pbd, Ordering::GaussSeidel}, SolverCase{SolverKind::Pbd, Ordering::RedBlack},
                      SolverCase{SolverKind::Pbd, Ordering::Jacobi}, SolverCase{SolverKind::Xpbd, Ordering::GaussSeidel},
                      SolverCase{SolverKind::Xpbd, Ordering::RedBlack}, SolverCase{SolverKind::Xpbd, Ordering::Jacobi}),
    [](const auto& info) { return testNameOf(labelOf(info.param)); });

class OrderingEnergyTest : public ::testing::TestWithParam<Ordering> {};

// Compliance 1 m/N in every family: at h = 1/300 s, alpha~ = compliance / h^2 is 60 times the
// pair's inverse-mass sum 2/m on a 12x12 grid, and two iterations converge the solve in all three
// orderings (Jacobi's mass split makes each constraint see about 12 times the inverse masses, so
// one is not enough: the residual then counted as elastic energy shows a spurious 0.03 J rise).
// C^2 / (2 compliance) is then the energy the constraints store. The cloth stretches by a tenth
// and bounces, so much of its energy passes through them.
TEST_P(OrderingEnergyTest, ASoftXpbdClothGainsNoEnergyCountingItsElasticEnergy) {
    ClothSettings settings = clothFor({SolverKind::Xpbd, GetParam()}, 12, 5);
    settings.iterations = 2;
    for (FamilyStiffness* family : {&settings.structural, &settings.shear, &settings.bending}) family->compliance = 1.0f;
    const EnergyRecord record = runUndamped(settings, {}, 20.0, Counted::WithElastic);
    reportAndCheck(record, std::string("xpbd soft, ") + orderingName(GetParam()) + ", hanging 12x12, 20 s, with elastic");
}

// Every family rigid on a 64x64 cloth: the long waves that a one-way sweep drives grow fastest
// on a large grid (in a fraction of a second here, where 24x24 takes seconds).
TEST_P(OrderingEnergyTest, ARigidLargeClothDoesNotDiverge) {
    ClothSettings settings = clothFor({SolverKind::Xpbd, GetParam()}, 64, 5);
    for (FamilyStiffness* family : {&settings.structural, &settings.shear, &settings.bending}) family->compliance = 0.0f;
    const EnergyRecord record = runUndamped(settings, {}, 1.0);
    reportAndCheck(record, std::string("xpbd rigid, ") + orderingName(GetParam()) + ", hanging 64x64, 1 s");
}

INSTANTIATE_TEST_SUITE_P(Orderings, OrderingEnergyTest,
                         ::testing::Values(Ordering::GaussSeidel, Ordering::RedBlack, Ordering::Jacobi),
                         [](const auto& info) { return testNameOf(orderingName(info.param)); });

}  // namespace
}  // namespace nuno
