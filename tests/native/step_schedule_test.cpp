// The step schedule both backends run: its shape for each ordering, and that the CPU cloth's
// red-black step is the schedule's stages and nothing else.
#include <gtest/gtest.h>

#include "cloth.hpp"
#include "step_schedule.hpp"

namespace nuno {
namespace {

TEST(StepSchedule, RedBlackIsPredictThenEveryColourOfEveryDirectionPerIterationThenCollide) {
    const std::vector<Stage> stages = substepSchedule(Ordering::RedBlack, 3, false);
    ASSERT_EQ(stages.size(), 2u + 3u * kPassCount);
    EXPECT_EQ(stages.front().kind, StageKind::Predict);
    EXPECT_EQ(stages.back().kind, StageKind::Collide);
    for (int iteration = 0; iteration < 3; ++iteration) {
        for (int pass = 0; pass < kPassCount; ++pass) {
            const Stage& stage = stages[1 + static_cast<std::size_t>(iteration * kPassCount + pass)];
            EXPECT_EQ(stage.kind, StageKind::Constrain);
            EXPECT_EQ(stage.iteration, iteration);
            // In the topology's pass order, which groups the constraints the same way.
            EXPECT_EQ(passIndex(stage.direction, stage.colour), pass);
        }
    }
}

TEST(StepSchedule, OtherOrderingsSweepOncePerIteration) {
    for (const Ordering ordering : {Ordering::GaussSeidel, Ordering::Jacobi}) {
        const std::vector<Stage> stages = substepSchedule(ordering, 2, false);
        ASSERT_EQ(stages.size(), 4u);
        EXPECT_EQ(stages[0].kind, StageKind::Predict);
        EXPECT_EQ(stages[1].kind, StageKind::Sweep);
        EXPECT_EQ(stages[1].iteration, 0);
        EXPECT_EQ(stages[2].iteration, 1);
        EXPECT_EQ(stages[3].kind, StageKind::Collide);
    }
}

TEST(StepSchedule, SelfCollisionSeparatesAfterTheConstraintsBeforeTheColliders) {
    const std::vector<Stage> stages = substepSchedule(Ordering::RedBlack, 1, true);
    ASSERT_EQ(stages.size(), 3u + kPassCount);
    EXPECT_EQ(stages[stages.size() - 2].kind, StageKind::Separate);
    EXPECT_EQ(stages.back().kind, StageKind::Collide);
}

TEST(StepSchedule, TheTopologysPassesAreWhereTheScheduleLooksForThem) {
    ClothSettings settings;
    settings.columns = 9;
    settings.rows = 7;
    const Cloth cloth(settings);
    for (const Stage& stage : cloth.substepSchedule()) {
        if (stage.kind != StageKind::Constrain) continue;
        const ConstraintPass& pass = cloth.topology().passes[static_cast<std::size_t>(passIndex(stage.direction, stage.colour))];
        EXPECT_EQ(pass.direction, stage.direction);
        EXPECT_EQ(pass.colour, stage.colour);
        for (std::uint32_t index = pass.begin; index < pass.end; ++index) {
            EXPECT_EQ(cloth.topology().constraints[index].family, familyOf(stage.direction));
        }
    }
}

}  // namespace
}  // namespace nuno
