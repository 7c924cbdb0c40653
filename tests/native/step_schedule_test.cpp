// The step schedule both backends run: its shape for each ordering, that the CPU cloth's
// red-black step is the schedule's stages and nothing else, and that stepStages runs a prefix of
// them.
#include <gtest/gtest.h>

#include <stdexcept>

#include "cloth.hpp"
#include "differing_bits.hpp"
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

// A substep's stages run one prefix at a time end where a step of one substep ends, bit for bit
// (a scene in which every kind of stage acts: self-collision, a collider, wind and gusts).
TEST(StepSchedule, StepStagesRunsAPrefixOfOneSubstep) {
    ClothSettings settings;
    settings.columns = 10;
    settings.rows = 8;
    settings.substeps = 1;
    settings.iterations = 2;
    settings.selfCollisionThickness = 0.05f;
    settings.wind = Vec3(1.0f, 0.0f, 0.5f);
    settings.windGustSpeed = 1.0f;
    Cloth stepped(settings);
    Cloth staged(settings);
    for (Cloth* cloth : {&stepped, &staged}) cloth->addCollider({Sphere{Vec3(0.0f, 0.6f, 0.1f), 0.3f}, 0.5f});
    const std::size_t stageCount = staged.substepSchedule().size();
    for (int step = 0; step < 3; ++step) {
        stepped.stepFixed(1);
        const std::vector<Vec3> start = staged.positions();
        staged.stepStages(0);
        EXPECT_EQ(test::differingBits(staged.positions(), start), 0) << "no stages, no change";
        staged.stepStages(static_cast<int>(stageCount));
        EXPECT_EQ(test::differingBits(staged.positions(), stepped.positions()), 0) << "step " << step;
        EXPECT_EQ(test::differingBits(staged.particles().velocities, stepped.particles().velocities), 0);
    }
    EXPECT_EQ(staged.stepsTaken(), 0u);
    EXPECT_THROW(staged.stepStages(static_cast<int>(stageCount) + 1), std::invalid_argument);
    EXPECT_THROW(staged.stepStages(-1), std::invalid_argument);
}

}  // namespace
}  // namespace nuno
