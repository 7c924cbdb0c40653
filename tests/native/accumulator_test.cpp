#include <gtest/gtest.h>

#include <cmath>

#include "accumulator.hpp"
#include "cloth.hpp"

namespace nuno {
namespace {

TEST(Accumulator, SplitsFramesIntoWholeStepsAndCarriesTheRest) {
    FixedStepAccumulator accumulator(0.01, 0.1);
    EXPECT_EQ(accumulator.advance(0.01), 1);
    EXPECT_EQ(accumulator.advance(0.004), 0);
    EXPECT_NEAR(accumulator.carriedSeconds(), 0.004, 1e-12);
    EXPECT_EQ(accumulator.advance(0.007), 1);
    EXPECT_NEAR(accumulator.carriedSeconds(), 0.001, 1e-12);
    EXPECT_EQ(accumulator.advance(0.035), 3);
    EXPECT_NEAR(accumulator.carriedSeconds(), 0.006, 1e-12);
}

TEST(Accumulator, SixtyFramesOfASixtiethAreSixtySteps) {
    FixedStepAccumulator accumulator(1.0 / 60.0, 0.1);
    int steps = 0;
    for (int frame = 0; frame < 60; ++frame) steps += accumulator.advance(1.0 / 60.0);
    EXPECT_EQ(steps, 60);
}

TEST(Accumulator, ClampsAStall) {
    FixedStepAccumulator accumulator(0.01, 0.1);
    EXPECT_EQ(accumulator.advance(5.0), 10);
    EXPECT_NEAR(accumulator.carriedSeconds(), 0.0, 1e-12);
}

TEST(Accumulator, RejectsNegativeAndNonFiniteTimes) {
    FixedStepAccumulator accumulator(0.01, 0.1);
    EXPECT_THROW(accumulator.advance(-0.001), std::invalid_argument);
    EXPECT_THROW(accumulator.advance(NAN), std::invalid_argument);
    EXPECT_THROW(accumulator.advance(INFINITY), std::invalid_argument);
}

TEST(Accumulator, DrivesTheClothsStepCount) {
    ClothSettings settings;
    settings.columns = 4;
    settings.rows = 4;
    settings.stepSeconds = 0.01f;
    settings.maxFrameSeconds = 0.05f;
    Cloth cloth(settings);
    EXPECT_EQ(cloth.step(0.025), 2);
    EXPECT_EQ(cloth.step(1.0), 5);
    EXPECT_EQ(cloth.stepsTaken(), 7u);
}

}  // namespace
}  // namespace nuno
