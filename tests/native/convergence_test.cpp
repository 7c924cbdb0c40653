#include <gtest/gtest.h>

#include <algorithm>

#include "cloth.hpp"
#include "metric.hpp"

namespace nuno {
namespace {

ClothSettings hangingCloth(SolverKind solver, Ordering ordering) {
    ClothSettings settings;
    settings.columns = 32;
    settings.rows = 32;
    settings.solver = solver;
    settings.ordering = ordering;
    settings.substeps = 1;
    return settings;
}

float structuralStrainAfterOneSecond(ClothSettings settings, int iterations) {
    settings.iterations = iterations;
    Cloth cloth(settings);
    cloth.stepFixed(60);
    return cloth.strain(Family::Structural).max;
}

struct SolverCase {
    SolverKind solver;
    Ordering ordering;
};

void PrintTo(const SolverCase& c, std::ostream* out) { *out << solverName(c.solver) << ", " << orderingName(c.ordering); }

class ConvergenceTest : public ::testing::TestWithParam<SolverCase> {};

TEST_P(ConvergenceTest, StrainFallsAsIterationsRise) {
    const ClothSettings settings = hangingCloth(GetParam().solver, GetParam().ordering);
    const std::string label = std::string(solverName(settings.solver)) + ", " + orderingName(settings.ordering);
    float previous = 1e9f;
    for (int iterations : {1, 4, 16}) {
        const float strain = structuralStrainAfterOneSecond(settings, iterations);
        test::metric("max_structural_strain", strain, "", label + ", " + std::to_string(iterations) + " iterations");
        EXPECT_LT(strain, previous * 0.8f) << iterations << " iterations did not reduce strain";
        previous = strain;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Solvers, ConvergenceTest,
    ::testing::Values(SolverCase{SolverKind::MassSpring, Ordering::GaussSeidel},
                      SolverCase{SolverKind::Pbd, Ordering::GaussSeidel}, SolverCase{SolverKind::Xpbd, Ordering::GaussSeidel},
                      SolverCase{SolverKind::MassSpring, Ordering::RedBlack},
                      SolverCase{SolverKind::Pbd, Ordering::RedBlack}, SolverCase{SolverKind::Xpbd, Ordering::RedBlack},
                      SolverCase{SolverKind::Xpbd, Ordering::Jacobi}, SolverCase{SolverKind::Pbd, Ordering::Jacobi}),
    [](const auto& info) {
        std::string name = std::string(solverName(info.param.solver)) + "_" + orderingName(info.param.ordering);
        for (char& c : name) c = (c == '-') ? '_' : c;
        return name;
    });

// Mean structural strain of a soft hanging cloth once it has settled.
float settledStrain(SolverKind solver, int substeps) {
    ClothSettings settings;
    settings.columns = 16;
    settings.rows = 16;
    settings.solver = solver;
    settings.substeps = substeps;
    settings.iterations = 1;
    settings.damping = 2.0f;
    // A soft material in every family, so the compliance, not the convergence, sets the sag.
    for (FamilyStiffness* family : {&settings.structural, &settings.shear, &settings.bending}) {
        family->compliance = 0.05f;
        family->stiffness = 0.05f;
    }
    Cloth cloth(settings);
    cloth.stepFixed(240);
    return cloth.strain(Family::Structural).mean;
}

TEST(Convergence, XpbdStrainDependsLittleOnTheSubstepCount) {
    const std::vector<int> substepCounts = {8, 16, 32};
    std::vector<float> xpbd;
    std::vector<float> pbd;
    for (int substeps : substepCounts) {
        xpbd.push_back(settledStrain(SolverKind::Xpbd, substeps));
        pbd.push_back(settledStrain(SolverKind::Pbd, substeps));
        test::metric("settled_mean_strain", xpbd.back(), "", "xpbd, " + std::to_string(substeps) + " substeps");
        test::metric("settled_mean_strain", pbd.back(), "", "pbd, " + std::to_string(substeps) + " substeps");
    }
    const auto spread = [](const std::vector<float>& values) {
        const auto [low, high] = std::minmax_element(values.begin(), values.end());
        return *high / *low;
    };
    test::metric("xpbd_strain_spread_over_substeps", spread(xpbd), "x", "max/min over 8..32 substeps");
    test::metric("pbd_strain_spread_over_substeps", spread(pbd), "x", "max/min over 8..32 substeps");
    EXPECT_LT(spread(xpbd), 1.15f);
    // The contrast is the point of XPBD: the same PBD stiffness means a different cloth per substep count.
    EXPECT_GT(spread(pbd), 2.0f * spread(xpbd));
}

}  // namespace
}  // namespace nuno
