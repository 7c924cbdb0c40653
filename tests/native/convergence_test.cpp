#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

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

// What XPBD's "stiffness independent of substeps and iterations" precisely means. Its stretch
// is the compliance's once each substep's solve has converged. With one iteration that needs
// the compliance term to dominate: alpha~ = compliance / h^2 at least 5 times the inverse-mass
// sum w = 2 / m of a constraint's two free particles (red-black; the excess stretch is about
// w / (2 alpha~)). Below alpha~ = w the solver's own error sets the stretch, as an extra
// compliance of about w h^2 / iterations: the stretch falls 4 times per doubling of substeps and
// 2 times per doubling of iterations, whatever the compliance.
struct XpbdRun {
    float meanStrain;
    float alphaTildeOverW;  // alpha~ / w, the criterion
};

XpbdRun settledXpbd(float compliance, int substeps, int iterations, Ordering ordering = Ordering::RedBlack) {
    ClothSettings settings;
    settings.columns = 16;
    settings.rows = 16;
    settings.ordering = ordering;
    settings.substeps = substeps;
    settings.iterations = iterations;
    settings.damping = 2.0f;
    for (FamilyStiffness* family : {&settings.structural, &settings.shear, &settings.bending}) {
        family->compliance = compliance;
    }
    Cloth cloth(settings);
    cloth.stepFixed(240);
    const float h = settings.substepSeconds();
    const float inverseMassSum = 2.0f / settings.particleMass();
    return {cloth.strain(Family::Structural).mean, compliance / (h * h) / inverseMassSum};
}

std::string runLabel(float compliance, int substeps, int iterations, const XpbdRun& run) {
    return "compliance " + std::to_string(compliance) + " m/N, " + std::to_string(substeps) + " substeps, " +
           std::to_string(iterations) + " iterations, alpha~/w " + std::to_string(run.alphaTildeOverW);
}

TEST(Convergence, XpbdStretchIsTheCompliancesOnlyWhereAlphaTildeIsFiveTimesTheInverseMassSum) {
    // On this 16x16 cloth w = 2560 /kg, and compliance 0.01 m/N crosses the criterion between
    // 5 and 40 substeps: alpha~ / w = 0.35, 1.4, 5.6, 22.5.
    const float compliance = 0.01f;
    const XpbdRun converged = settledXpbd(compliance, 40, 2);
    test::metric("settled_mean_strain", converged.meanStrain, "", runLabel(compliance, 40, 2, converged) + ", converged");
    for (int substeps : {5, 10, 20, 40}) {
        const XpbdRun run = settledXpbd(compliance, substeps, 1);
        const float excess = run.meanStrain / converged.meanStrain - 1.0f;
        const std::string label = runLabel(compliance, substeps, 1, run);
        test::metric("settled_mean_strain", run.meanStrain, "", label);
        test::metric("excess_over_converged_strain", excess, "", label);
        if (run.alphaTildeOverW >= 5.0f) {
            EXPECT_LT(std::abs(excess), 0.1f) << label << ": converged, the compliance should set the stretch";
        } else if (run.alphaTildeOverW <= 1.0f) {
            EXPECT_GT(excess, 0.5f) << label << ": unconverged, the stretch should exceed the compliance's";
        }
    }
}

TEST(Convergence, XpbdStretchBelowTheCriterionFollowsSubstepsAndIterationsNotTheCompliance) {
    // alpha~ <= 0.06 w at every count here: a hundredfold softer compliance changes the stretch
    // by under 5 % (the most, 3.5 %, at 4 iterations), while h^2 / iterations sets it.
    std::vector<float> stiffest;
    for (float compliance : {1e-6f, 1e-4f}) {
        std::vector<float> strains;
        for (const auto& [substeps, iterations] : {std::pair{5, 1}, {10, 1}, {20, 1}, {10, 2}, {10, 4}}) {
            const XpbdRun run = settledXpbd(compliance, substeps, iterations);
            test::metric("settled_mean_strain", run.meanStrain, "", runLabel(compliance, substeps, iterations, run));
            ASSERT_LE(run.alphaTildeOverW, 0.06f);
            strains.push_back(run.meanStrain);
        }
        EXPECT_NEAR(strains[0] / strains[1], 4.0f, 0.3f) << "5 -> 10 substeps: the stretch should go as h^2";
        EXPECT_NEAR(strains[1] / strains[2], 4.0f, 0.3f) << "10 -> 20 substeps: the stretch should go as h^2";
        EXPECT_NEAR(strains[1] / strains[3], 2.0f, 0.2f) << "1 -> 2 iterations: the stretch should go as 1/n";
        EXPECT_NEAR(strains[3] / strains[4], 2.0f, 0.2f) << "2 -> 4 iterations: the stretch should go as 1/n";
        if (stiffest.empty()) {
            stiffest = strains;
        } else {
            for (std::size_t i = 0; i < strains.size(); ++i) {
                EXPECT_NEAR(strains[i] / stiffest[i], 1.0f, 0.05f) << "below the criterion the compliance should not matter";
            }
        }
    }
}

// Jacobi's multipliers record what its mass-split corrections apply, so it converges to the
// same material as the in-place orderings (alpha~ = 140 w here; Jacobi needs a few iterations).
TEST(Convergence, XpbdOrderingsConvergeToTheSameStretch) {
    const XpbdRun redBlack = settledXpbd(1.0f, 10, 4);
    const XpbdRun jacobi = settledXpbd(1.0f, 10, 4, Ordering::Jacobi);
    const XpbdRun gaussSeidel = settledXpbd(1.0f, 10, 4, Ordering::GaussSeidel);
    test::metric("settled_mean_strain", redBlack.meanStrain, "", "red-black, " + runLabel(1.0f, 10, 4, redBlack));
    test::metric("settled_mean_strain", jacobi.meanStrain, "", "jacobi, " + runLabel(1.0f, 10, 4, jacobi));
    test::metric("settled_mean_strain", gaussSeidel.meanStrain, "", "gauss-seidel, " + runLabel(1.0f, 10, 4, gaussSeidel));
    EXPECT_NEAR(jacobi.meanStrain / redBlack.meanStrain, 1.0f, 0.02f);
    EXPECT_NEAR(gaussSeidel.meanStrain / redBlack.meanStrain, 1.0f, 0.02f);
}

// The GPU's Jacobi sweep is one pass per iteration where red-black draws twelve (3 passes a
// substep with predict and collide, against 14). It converges more slowly per pass, so it is
// worth having only if three times the substeps, relaxed by 1.5, stretch no more than
// red-black at its 10 substeps: fewer passes a step (90 against 140) for the same cloth. The
// bench's swinging sheet over a sphere, strain after it has swung (steps 60-180).
struct StrainSeen {
    float max = 0.0f;
    float mean = 0.0f;
};

StrainSeen swingingStrain(SolverKind solver, Ordering ordering, int substeps, float relaxation) {
    ClothSettings settings;
    settings.columns = 64;
    settings.rows = 64;
    settings.pins = PinPreset::TopEdge;
    settings.solver = solver;
    settings.ordering = ordering;
    settings.substeps = substeps;
    settings.iterations = 1;
    settings.jacobiRelaxation = relaxation;
    Cloth cloth(settings);
    cloth.addCollider({Sphere{Vec3(0.0f, 0.6f, 0.15f), 0.25f}, 0.5f});
    StrainSeen seen;
    double meanSum = 0.0;
    for (int step = 0; step < 180; ++step) {
        cloth.stepFixed(1);
        if (step < 60) continue;
        const auto strain = cloth.strain(Family::Structural);
        seen.max = std::max(seen.max, strain.max);
        meanSum += strain.mean;
    }
    seen.mean = static_cast<float>(meanSum / 120.0);
    return seen;
}

TEST(Convergence, JacobiAtThreeTimesTheSubstepsStretchesNoMoreThanRedBlackInFewerPasses) {
    for (SolverKind solver : {SolverKind::Xpbd, SolverKind::Pbd}) {
        const StrainSeen redBlack = swingingStrain(solver, Ordering::RedBlack, 10, 1.0f);
        const StrainSeen jacobi = swingingStrain(solver, Ordering::Jacobi, 30, 1.5f);
        const StrainSeen jacobiAtTen = swingingStrain(solver, Ordering::Jacobi, 10, 1.5f);
        const std::string label = std::string(solverName(solver)) + ", 64x64";
        test::metric("max_structural_strain", redBlack.max, "", label + ", red-black 10 x 1 (140 GPU passes a step)");
        test::metric("max_structural_strain", jacobi.max, "", label + ", jacobi 30 x 1, relaxation 1.5 (90 GPU passes a step)");
        test::metric("max_structural_strain", jacobiAtTen.max, "", label + ", jacobi 10 x 1, relaxation 1.5 (30 GPU passes a step)");
        EXPECT_LT(jacobi.max, redBlack.max) << label;
        EXPECT_LT(jacobi.mean, redBlack.mean) << label;
        // The same substeps are not enough: the sweep converges more slowly per pass.
        EXPECT_GT(jacobiAtTen.max, 2.0f * redBlack.max) << label;
    }
}

}  // namespace
}  // namespace nuno
