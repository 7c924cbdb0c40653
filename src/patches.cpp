#include "patches.hpp"

#include <algorithm>
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

// A patch as the scatter sees it: its flat rectangle, centre +- halfWidth * across +-
// halfHeight * down, with `normal` across its plane (all three unit and square to each other).
struct Rectangle {
    glm::dvec3 centre;
    glm::dvec3 across;
    glm::dvec3 down;
    glm::dvec3 normal;
    double halfWidth;
    double halfHeight;

    glm::dvec3 corner(int n) const {
        const double along = (n == 1 || n == 2) ? halfWidth : -halfWidth;
        const double below = n >= 2 ? halfHeight : -halfHeight;
        return centre + along * across + below * down;
    }
};

Rectangle rectangleOf(const PatchLayout& layout, const PatchPose& pose) {
    return {glm::dvec3(pose.position),
            glm::normalize(rotated(pose.rotation, {1.0, 0.0, 0.0})),
            glm::normalize(rotated(pose.rotation, {0.0, 0.0, 1.0})),
            glm::normalize(rotated(pose.rotation, {0.0, 1.0, 0.0})),
            0.5 * static_cast<double>(layout.patchWidth),
            0.5 * static_cast<double>(layout.patchHeight)};
}

double distanceToRectangle(const glm::dvec3& point, const Rectangle& r) {
    const glm::dvec3 offset = point - r.centre;
    const double along = std::clamp(glm::dot(offset, r.across), -r.halfWidth, r.halfWidth);
    const double below = std::clamp(glm::dot(offset, r.down), -r.halfHeight, r.halfHeight);
    return glm::length(offset - along * r.across - below * r.down);
}

// The distance between segments p0-p1 and q0-q1 (Ericson, Real-Time Collision Detection, 5.1.9).
double segmentDistance(const glm::dvec3& p0, const glm::dvec3& p1, const glm::dvec3& q0, const glm::dvec3& q1) {
    const glm::dvec3 d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
    const double a = glm::dot(d1, d1), e = glm::dot(d2, d2), f = glm::dot(d2, r);
    const double c = glm::dot(d1, r), b = glm::dot(d1, d2);
    const double denominator = a * e - b * b;  // >= 0; 0 for parallel segments, where any s serves
    double s = denominator > 0.0 ? std::clamp((b * f - c * e) / denominator, 0.0, 1.0) : 0.0;
    double t = (b * s + f) / e;
    if (t < 0.0) {
        t = 0.0;
        s = std::clamp(-c / a, 0.0, 1.0);
    } else if (t > 1.0) {
        t = 1.0;
        s = std::clamp((b - c) / a, 0.0, 1.0);
    }
    return glm::length(r + s * d1 - t * d2);
}

// The distance from segment p0-p1 to the rectangle: 0 where it passes through it, else attained
// at an end of the segment or on a side of the rectangle.
double segmentToRectangle(const glm::dvec3& p0, const glm::dvec3& p1, const Rectangle& r) {
    const double height0 = glm::dot(p0 - r.centre, r.normal), height1 = glm::dot(p1 - r.centre, r.normal);
    if (height0 * height1 < 0.0) {
        const glm::dvec3 offset = p0 + (p1 - p0) * (height0 / (height0 - height1)) - r.centre;
        if (std::fabs(glm::dot(offset, r.across)) <= r.halfWidth && std::fabs(glm::dot(offset, r.down)) <= r.halfHeight) return 0.0;
    }
    double nearest = std::min(distanceToRectangle(p0, r), distanceToRectangle(p1, r));
    for (int side = 0; side < 4; ++side) nearest = std::min(nearest, segmentDistance(p0, p1, r.corner(side), r.corner((side + 1) % 4)));
    return nearest;
}

// Whether two rectangles come nearer than `clearance`. Most pairs the grid offers are told apart
// by an axis along which their shadows are that far apart (separating axes: the normals, the
// sides, and the sides' cross products). Else the distance is measured: where they are apart, a
// nearest point of one of them is on its border (with both inside, their planes are parallel and
// sliding along them reaches a border at the same distance); where they meet, an end of where
// they meet is.
bool nearerThan(const Rectangle& a, const Rectangle& b, double clearance) {
    const glm::dvec3 between = b.centre - a.centre;
    const auto shadowsApart = [&](const glm::dvec3& axis) {
        const auto halfShadow = [&axis](const Rectangle& r) {
            return r.halfWidth * std::fabs(glm::dot(r.across, axis)) + r.halfHeight * std::fabs(glm::dot(r.down, axis));
        };
        return std::fabs(glm::dot(between, axis)) - halfShadow(a) - halfShadow(b) >= clearance * glm::length(axis);
    };
    for (const glm::dvec3& axis : {a.normal, b.normal, a.across, a.down, b.across, b.down, glm::cross(a.across, b.across),
                                   glm::cross(a.across, b.down), glm::cross(a.down, b.across), glm::cross(a.down, b.down)}) {
        if (shadowsApart(axis)) return false;
    }
    for (int side = 0; side < 4; ++side) {
        if (segmentToRectangle(a.corner(side), a.corner((side + 1) % 4), b) < clearance) return true;
        if (segmentToRectangle(b.corner(side), b.corner((side + 1) % 4), a) < clearance) return true;
    }
    return false;
}

// The placed patches by the cell of their centre, in cells no narrower than the farthest two
// centres can be apart while their patches come within the clearance: a patch can only come near
// those in its own cell and the 26 around it.
class PlacedPatches {
public:
    PlacedPatches(const PatchScatter& scatter, int count, double reach) : lowest_(glm::dvec3(scatter.center) - 0.5 * glm::dvec3(scatter.extent)) {
        // Cells wider than the reach where the box would otherwise need more than a few per patch.
        const double mostCells = 4.0 * count + 64.0;
        cellSide_ = reach;
        const auto cellsAlong = [&](int axis) { return std::max(1.0, std::floor(static_cast<double>(scatter.extent[axis]) / cellSide_)); };
        while (cellsAlong(0) * cellsAlong(1) * cellsAlong(2) > mostCells) cellSide_ *= 1.25;
        for (int axis = 0; axis < 3; ++axis) cells_[axis] = static_cast<int>(cellsAlong(axis));
        first_.assign(static_cast<std::size_t>(cells_[0]) * cells_[1] * cells_[2], -1);
    }

    bool anyWithin(const Rectangle& patch, double reach, double clearance) const {
        const glm::ivec3 cell = cellOf(patch.centre);
        for (int z = std::max(cell.z - 1, 0); z <= std::min(cell.z + 1, cells_[2] - 1); ++z) {
            for (int y = std::max(cell.y - 1, 0); y <= std::min(cell.y + 1, cells_[1] - 1); ++y) {
                for (int x = std::max(cell.x - 1, 0); x <= std::min(cell.x + 1, cells_[0] - 1); ++x) {
                    for (int placed = first_[indexOf({x, y, z})]; placed >= 0; placed = next_[static_cast<std::size_t>(placed)]) {
                        const Rectangle& other = rectangles_[static_cast<std::size_t>(placed)];
                        if (glm::length(other.centre - patch.centre) < reach && nearerThan(patch, other, clearance)) return true;
                    }
                }
            }
        }
        return false;
    }

    void add(const Rectangle& patch) {
        const std::size_t cell = indexOf(cellOf(patch.centre));
        next_.push_back(first_[cell]);
        first_[cell] = static_cast<int>(rectangles_.size());
        rectangles_.push_back(patch);
    }

private:
    glm::ivec3 cellOf(const glm::dvec3& point) const {
        glm::ivec3 cell;
        for (int axis = 0; axis < 3; ++axis) {
            cell[axis] = std::clamp(static_cast<int>(std::floor((point[axis] - lowest_[axis]) / cellSide_)), 0, cells_[axis] - 1);
        }
        return cell;
    }
    std::size_t indexOf(const glm::ivec3& cell) const {
        return (static_cast<std::size_t>(cell.z) * cells_[1] + cell.y) * cells_[0] + cell.x;
    }

    glm::dvec3 lowest_;
    double cellSide_;
    int cells_[3];
    std::vector<int> first_;  // per cell, the last patch placed in it, or -1
    std::vector<int> next_;   // per patch, the one placed before it in its cell, or -1
    std::vector<Rectangle> rectangles_;
};

}  // namespace

double scatterClearance(const PatchLayout& layout) {
    return 0.5 * std::min(static_cast<double>(layout.patchWidth) / (layout.patchColumns - 1),
                          static_cast<double>(layout.patchHeight) / (layout.patchRows - 1));
}

std::vector<PatchPose> scatterPatches(const PatchLayout& layout, const PatchScatter& scatter, bool positionsGiven) {
    const int count = layout.patchCount();
    const double clearance = scatterClearance(layout);
    // Centres farther apart than this keep their patches apart whatever their turn.
    const double reach = std::hypot(static_cast<double>(layout.patchWidth), static_cast<double>(layout.patchHeight)) + clearance;
    PlacedPatches placed(scatter, count, reach);
    SeededRandom random(scatter.seed, kScatterSalt);
    std::vector<PatchPose> poses(static_cast<std::size_t>(count));
    for (int patch = 0; patch < count; ++patch) {
        PatchPose& pose = poses[static_cast<std::size_t>(patch)];
        for (int tries = 1;; ++tries) {
            // One draw a statement: the order in which a call's arguments are evaluated differs
            // between compilers (GCC's right to left swapped x and z against Emscripten's clang).
            const double x = random.next(), y = random.next(), z = random.next();
            const glm::dvec3 offset(x - 0.5, y - 0.5, z - 0.5);
            pose.position = Vec3(glm::dvec3(scatter.center) + offset * glm::dvec3(scatter.extent));
            // A uniform rotation: a uniform axis and an angle whose distribution is (1 - cos) / pi.
            // Shoemake's method gives both at once from three uniforms.
            const double u1 = random.next(), u2 = kTwoPi * random.next(), u3 = kTwoPi * random.next();
            const double a = std::sqrt(1.0 - u1), b = std::sqrt(u1);
            pose.rotation = Vec4(static_cast<float>(a * std::sin(u2)), static_cast<float>(a * std::cos(u2)),
                                 static_cast<float>(b * std::sin(u3)), static_cast<float>(b * std::cos(u3)));
            if (positionsGiven) break;
            const Rectangle rectangle = rectangleOf(layout, pose);
            if (!placed.anyWithin(rectangle, reach, clearance)) {
                placed.add(rectangle);
                break;
            }
            if (tries == kScatterTriesPerPatch) {
                failInput("scatterExtent",
                          {"large enough to hold ", count, " patches of ", layout.patchWidth, " x ", layout.patchHeight,
                           " m at least ", clearance, " m apart (half a particle spacing; patch ", patch + 1,
                           " found no room in ", kScatterTriesPerPatch, " tries)"},
                          {"[", scatter.extent.x, ", ", scatter.extent.y, ", ", scatter.extent.z, "]"});
            }
        }
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
        failInput("poses", {"one per patch (", layout.patchCount(), ")"}, {poses.size()});
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
