#include "step_schedule.hpp"

namespace nuno {

const char* stageName(StageKind kind) {
    switch (kind) {
        case StageKind::Predict:
            return "predict";
        case StageKind::Constrain:
            return "constrain";
        case StageKind::Sweep:
            return "sweep";
        case StageKind::Separate:
            return "separate";
        case StageKind::Collide:
            return "collide";
    }
    return "";
}

std::vector<Stage> substepSchedule(Ordering ordering, int iterations, bool selfCollision) {
    std::vector<Stage> stages{{StageKind::Predict}};
    for (int iteration = 0; iteration < iterations; ++iteration) {
        if (ordering != Ordering::RedBlack) {
            stages.push_back({StageKind::Sweep, iteration});
            continue;
        }
        for (int direction = 0; direction < kDirectionCount; ++direction) {
            for (int colour = 0; colour < kColourCount; ++colour) {
                stages.push_back({StageKind::Constrain, iteration, static_cast<Direction>(direction), colour});
            }
        }
    }
    if (selfCollision) stages.push_back({StageKind::Separate});
    stages.push_back({StageKind::Collide});
    return stages;
}

}  // namespace nuno
