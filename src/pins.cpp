#include "pins.hpp"

#include <algorithm>

namespace nuno {

std::vector<std::uint32_t> pinnedParticles(const Grid& grid, PinPreset preset,
                                           const std::vector<std::uint32_t>& customIndices) {
    std::vector<std::uint32_t> indices;
    switch (preset) {
        case PinPreset::TopEdge:
            for (int column = 0; column < grid.columns; ++column) indices.push_back(grid.index(column, 0));
            break;
        case PinPreset::TopCorners:
            indices = {grid.index(0, 0), grid.index(grid.columns - 1, 0)};
            break;
        case PinPreset::LeftEdge:
            for (int row = 0; row < grid.rows; ++row) indices.push_back(grid.index(0, row));
            break;
        case PinPreset::None:
            break;
        case PinPreset::Custom:
            indices = customIndices;
            break;
    }
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    return indices;
}

}  // namespace nuno
