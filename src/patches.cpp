#include "patches.hpp"

#include <cmath>
#include <string>

#include "seeded_random.hpp"

namespace nuno {
namespace {

// Keeps the scatter's numbers apart from other seeded streams.
constexpr std::uint32_t kScatterSalt = 0xBB67AE85u;

glm::dvec3 rotated(const Vec4& q, const glm::dvec3& v) {
    const glm::dvec3 axis(q.x, q.y, q.z);
    const glm::dvec3 t = 2.0 * glm::cross(axis, v);
    return v + static_cast<double>(q.w) * t + glm::cross(axis, t);
}

}  // namespace

std::vector<PatchPose> scatterPatches(int count, const PatchScatter& scatter) {
    SeededRandom random(scatter.seed, kScatterSalt);
    std::vector<PatchPose> poses(static_cast<std::size_t>(count));
    for (PatchPose& pose : poses) {
        const glm::dvec3 offset(random.next() - 0.5, random.next() - 0.5, random.next() - 0.5);
        pose.position = Vec3(glm::dvec3(scatter.center) + offset * glm::dvec3(scatter.extent));
        // A uniform rotation: a uniform axis and an angle whose distribution is (1 - cos) / pi.
        // Shoemake's method gives both at once from three uniforms.
        const double u1 = random.next(), u2 = kTwoPi * random.next(), u3 = kTwoPi * random.next();
        const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1);
        pose.rotation = Vec4(static_cast<float>(a * std::sin(u2)), static_cast<float>(a * std::cos(u2)),
                             static_cast<float>(b * std::sin(u3)), static_cast<float>(b * std::cos(u3)));
        pose.velocity = Vec3(random.direction() * static_cast<double>(scatter.speed));
        pose.spin = Vec3(random.direction() * static_cast<double>(scatter.spin));
    }
    return poses;
}

void setGridOf(const PatchLayout& layout, ClothSettings& settings) {
    settings.columns = layout.patchesAcross * layout.patchColumns;
    settings.rows = layout.patchesDown * layout.patchRows;
    settings.patchColumns = layout.patchColumns;
    settings.patchRows = layout.patchRows;
}

void placePatches(const PatchLayout& layout, const std::vector<PatchPose>& poses, ClothSettings& settings) {
    if (poses.size() != static_cast<std::size_t>(layout.patchCount())) {
        failInput("poses", "one per patch (" + std::to_string(layout.patchCount()) + ")", std::to_string(poses.size()));
    }
    setGridOf(layout, settings);
    settings.width = layout.patchWidth * static_cast<float>(layout.patchesAcross);
    settings.height = layout.patchHeight * static_cast<float>(layout.patchesDown);
    const auto count = static_cast<std::size_t>(settings.columns) * static_cast<std::size_t>(settings.rows);
    settings.initialPositions.assign(count, Vec3(0.0f));
    settings.initialVelocities.assign(count, Vec3(0.0f));
    const double columnSpacing = layout.patchWidth / static_cast<double>(layout.patchColumns - 1);
    const double rowSpacing = layout.patchHeight / static_cast<double>(layout.patchRows - 1);
    for (int patch = 0; patch < layout.patchCount(); ++patch) {
        const PatchPose& pose = poses[static_cast<std::size_t>(patch)];
        const int firstColumn = (patch % layout.patchesAcross) * layout.patchColumns;
        const int firstRow = (patch / layout.patchesAcross) * layout.patchRows;
        for (int row = 0; row < layout.patchRows; ++row) {
            for (int column = 0; column < layout.patchColumns; ++column) {
                const glm::dvec3 local(columnSpacing * column - 0.5 * layout.patchWidth, 0.0,
                                       rowSpacing * row - 0.5 * layout.patchHeight);
                const glm::dvec3 fromCentre = rotated(pose.rotation, local);
                const std::size_t index = static_cast<std::size_t>(firstRow + row) * static_cast<std::size_t>(settings.columns) +
                                          static_cast<std::size_t>(firstColumn + column);
                settings.initialPositions[index] = Vec3(glm::dvec3(pose.position) + fromCentre);
                settings.initialVelocities[index] = Vec3(glm::dvec3(pose.velocity) + glm::cross(glm::dvec3(pose.spin), fromCentre));
            }
        }
    }
}

}  // namespace nuno
