// The demo's pile preset (issue 25), for the tests and tests/bench/pile_crossings.cpp: a 1.4 m
// sheet of side x side particles gathered into three pleats 8 cm deep (as web/demo/pleats.js lays
// it out, in doubles), stood on its edge with its middle 1.9 m up, let fall onto the floor
// (friction 0.8); XPBD as the demo sets it (compliances 1e-6, 1e-4 and 1e-2 m/N), 10 substeps x
// 1 iteration.
#pragma once

#include <cmath>

#include "cloth.hpp"

namespace nuno::test {

inline ClothSettings pileSettings(int side, float selfCollisionThickness) {
    constexpr double width = 1.4;
    ClothSettings settings;
    settings.columns = side;
    settings.rows = side;
    settings.width = static_cast<float>(width);
    settings.height = static_cast<float>(width);
    settings.pins = PinPreset::None;
    for (int row = 0; row < side; ++row) {
        for (int column = 0; column < side; ++column) {
            const double across = static_cast<double>(column) / (side - 1);
            const double down = static_cast<double>(row) / (side - 1);
            settings.initialPositions.emplace_back(static_cast<float>((across - 0.5) * width),
                                                   static_cast<float>(1.9 + (0.5 - down) * width),
                                                   static_cast<float>(0.5 * 0.08 * std::sin(kTwoPi * 3.0 * across)));
        }
    }
    settings.structural.compliance = 1e-6f;
    settings.shear.compliance = 1e-4f;
    settings.bending.compliance = 1e-2f;
    settings.selfCollisionThickness = selfCollisionThickness;
    return settings;
}

// The pile on its floor.
inline Cloth pileOnTheFloor(int side, float selfCollisionThickness) {
    Cloth cloth(pileSettings(side, selfCollisionThickness));
    cloth.addCollider({planeThrough(Vec3(0), Vec3(0, 1, 0)), 0.8f});
    return cloth;
}

// One grid spacing of the pile's sheet, in metres.
inline float pileSpacing(int side) { return static_cast<float>(1.4 / (side - 1)); }

}  // namespace nuno::test
