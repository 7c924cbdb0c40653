#include "patches.hpp"

#include <cmath>
#include <string>

namespace nuno {
namespace {

constexpr double kTwoPi = 6.283185307179586;

// Uniform numbers in [0, 1) from a seed and a counter (lowbias32 on their mix).
class Random {
public:
    explicit Random(std::uint32_t seed) : seed_(seed) {}
    double next() {
        std::uint32_t x = seed_ * 0x9E3779B9u + counter_++ * 0x85EBCA6Bu + 0xBB67AE85u;
        x ^= x >> 16;
        x *= 0x7feb352du;
        x ^= x >> 15;
        x *= 0x846ca68bu;
        x ^= x >> 16;
        return static_cast<double>(x) / 4294967296.0;
    }
    glm::dvec3 direction() {
        const double z = 2.0 * next() - 1.0;
        const double azimuth = kTwoPi * next();
        const double ring = std::sqrt(std::max(0.0, 1.0 - z * z));
        return {ring * std::cos(azimuth), ring * std::sin(azimuth), z};
    }

private:
    std::uint32_t seed_;
    std::uint32_t counter_ = 0;
};

glm::dvec3 rotated(const Vec4& q, const glm::dvec3& v) {
    const glm::dvec3 axis(q.x, q.y, q.z);
    const glm::dvec3 t = 2.0 * glm::cross(axis, v);
    return v + static_cast<double>(q.w) * t + glm::cross(axis, t);
}

}  // namespace

std::vector<PatchPose> scatterPatches(int count, const PatchScatter& scatter) {
    Random random(scatter.seed);
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

void placePatches(const PatchLayout& layout, const std::vector<PatchPose>& poses, ClothSettings& settings) {
    if (poses.size() != static_cast<std::size_t>(layout.patchCount())) {
        failInput("poses", "one per patch (" + std::to_string(layout.patchCount()) + ")", std::to_string(poses.size()));
    }
    settings.columns = layout.patchesAcross * layout.patchColumns;
    settings.rows = layout.patchesDown * layout.patchRows;
    settings.patchColumns = layout.patchColumns;
    settings.patchRows = layout.patchRows;
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
