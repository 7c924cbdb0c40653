#include <gtest/gtest.h>

#include <cmath>

#include "cloth.hpp"
#include "metric.hpp"

namespace nuno {
namespace {

// An unpinned cloth in vacuum falls as one body. Symplectic Euler puts particles at
// y0 - g h^2 n (n + 1) / 2 after n substeps of h, that is y0 - g t^2 / 2 - g t h / 2: its error
// against the analytic curve is first order in h, g t h / 2. The stated tolerance is that plus
// 0.1 mm for float32 rounding in the constraint sweeps (which also lets the sheet drift sideways
// by well under 0.5 mm in a second).
double maxErrorOverOneSecond(int substeps) {
    ClothSettings settings;
    settings.columns = 10;
    settings.rows = 6;
    settings.pins = PinPreset::None;
    settings.damping = 0.0f;
    settings.windNormalDrag = 0.0f;
    settings.windTangentialDrag = 0.0f;
    settings.substeps = substeps;
    Cloth cloth(settings);
    const std::vector<Vec3> start = cloth.positions();
    const double g = 9.81;
    const double h = settings.substepSeconds();
    double worst = 0.0;
    for (int step = 1; step <= 60; ++step) {
        cloth.stepFixed(1);
        const double t = step * static_cast<double>(settings.stepSeconds);
        const double bound = g * t * h / 2.0 + 1e-4;
        for (std::size_t i = 0; i < start.size(); ++i) {
            const double analytic = start[i].y - g * t * t / 2.0;
            const double error = std::fabs(cloth.positions()[i].y - analytic);
            EXPECT_LE(error, bound) << "particle " << i << " at t = " << t;
            EXPECT_NEAR(cloth.positions()[i].x, start[i].x, 5e-4);
            worst = std::max(worst, error);
        }
    }
    return worst;
}

TEST(FreeFall, MatchesTheAnalyticCurveWithinTheIntegratorsFirstOrderError) {
    const double coarse = maxErrorOverOneSecond(10);
    const double fine = maxErrorOverOneSecond(20);
    test::metric("free_fall_max_error_m", coarse, "m", "10 substeps, 1 s");
    test::metric("free_fall_max_error_m", fine, "m", "20 substeps, 1 s");
    // Halving the substep (about) halves the error: the curve is approached, not merely bounded.
    // Float32 velocity sums round by some 0.5 mm over 1200 substeps, hence "about".
    EXPECT_LT(fine, 0.6 * coarse);
}

}  // namespace
}  // namespace nuno
