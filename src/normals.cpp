#include "normals.hpp"

#include <algorithm>
#include <cmath>

namespace nuno {

void computeNormals(const Grid& grid, const std::vector<Vec3>& positions, std::vector<Vec3>& normals, Band rows) {
    const int patchWidth = grid.patchWidth();
    for (int row = static_cast<int>(rows.begin); row < static_cast<int>(rows.end); ++row) {
        const int up = std::max(row - 1, grid.patchStartRow(row));
        const int down = std::min(row + 1, grid.patchEndRow(row));
        // Patch by patch along the row, so a neighbour is clamped to its patch without a division.
        for (int firstColumn = 0; firstColumn < grid.columns; firstColumn += patchWidth) {
            const int lastColumn = firstColumn + patchWidth - 1;
            for (int column = firstColumn; column <= lastColumn; ++column) {
                const int left = std::max(column - 1, firstColumn);
                const int right = std::min(column + 1, lastColumn);
                const Vec3 alongRow = positions[grid.index(right, row)] - positions[grid.index(left, row)];
                const Vec3 alongColumn = positions[grid.index(column, down)] - positions[grid.index(column, up)];
                // Rows run down a vertical sheet, so this faces +z there and +y on a horizontal one.
                const Vec3 normal = glm::cross(alongColumn, alongRow);
                const float lengthSquared = glm::dot(normal, normal);
                normals[grid.index(column, row)] = lengthSquared > 1e-20f ? normal / std::sqrt(lengthSquared) : Vec3(0);
            }
        }
    }
}

}  // namespace nuno
