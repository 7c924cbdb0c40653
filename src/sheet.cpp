#include "sheet.hpp"

namespace nuno {

std::vector<Vec3> initialPositions(const ClothSettings& settings) {
    if (!settings.initialPositions.empty()) return settings.initialPositions;

    const float columnSpacing = settings.width / static_cast<float>(settings.columns - 1);
    const float rowSpacing = settings.height / static_cast<float>(settings.rows - 1);
    // Rows advance down (-y) on a vertical sheet and toward the viewer (+z) on a horizontal one.
    const Vec3 rowAxis = settings.orientation == Orientation::Vertical ? Vec3(0, -1, 0) : Vec3(0, 0, 1);
    const Vec3 corner = settings.center - Vec3(0.5f * settings.width, 0, 0) - rowAxis * (0.5f * settings.height);

    std::vector<Vec3> positions;
    positions.reserve(static_cast<std::size_t>(settings.particleCount()));
    for (int row = 0; row < settings.rows; ++row) {
        for (int column = 0; column < settings.columns; ++column) {
            positions.push_back(corner + Vec3(columnSpacing * static_cast<float>(column), 0, 0) +
                                rowAxis * (rowSpacing * static_cast<float>(row)));
        }
    }
    return positions;
}

}  // namespace nuno
