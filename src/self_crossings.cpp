#include "self_crossings.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace nuno {
namespace {

using Point = glm::dvec3;

// An endpoint closer to a triangle's plane than this fraction of the largest coordinate involved
// lies in the plane. Floats round coordinates to 2^-24 of their size, and a plane through three
// rounded corners tilts by their rounding over the triangle's size, so a point of a flat sheet a
// few triangles away (the hash's candidates) lands a few roundings off it: 2^-20 allows 16, which
// is 1.9 micrometres 2 m from the origin.
constexpr double kInPlaneFraction = 1.0 / (1 << 20);

// A box that would cover more cells than this is left out of the hash and met by every edge (or,
// for an edge, every triangle): only an exploded shape has one, and hashing it cell by cell
// could take any time.
constexpr double kMaxCellsPerBox = 64;
// Cell coordinates beyond this are not hashed (such a box is treated as oversized): they are
// converted to 64-bit integers, and doubles are exact integers up to 2^53.
constexpr double kMaxCell = 1e15;

Point pointOf(const std::vector<Vec3>& positions, std::uint32_t particle) { return Point(positions[particle]); }

// Six times the signed volume of the tetrahedron: which side of the plane through a, b, c d is on.
double orientation(const Point& a, const Point& b, const Point& c, const Point& d) {
    return glm::dot(glm::cross(b - a, c - a), d - a);
}

// Which way the line from a to b turns about a triangle's side from particle u to particle v.
// Computed with u, v in index order and negated otherwise, so exactly antisymmetric: see the
// header for why.
bool turnsPositively(const Point& a, const Point& b, const std::vector<Vec3>& positions, std::uint32_t u,
                     std::uint32_t v) {
    const double inIndexOrder =
        orientation(a, b, pointOf(positions, std::min(u, v)), pointOf(positions, std::max(u, v)));
    return (inIndexOrder >= 0.0) == (u < v);
}

double largestCoordinate(const Point& p) { return std::max({std::abs(p.x), std::abs(p.y), std::abs(p.z)}); }

// Of float positions, so its bounds are exact.
struct Box {
    Vec3 low{std::numeric_limits<float>::infinity()};
    Vec3 high{-std::numeric_limits<float>::infinity()};
    bool finite = true;

    void add(const Vec3& p) {
        finite = finite && std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
        low = glm::min(low, p);
        high = glm::max(high, p);
    }
};

bool overlap(const Vec3& low, const Vec3& high, const Vec3& otherLow, const Vec3& otherHigh) {
    return low.x <= otherHigh.x && low.y <= otherHigh.y && low.z <= otherHigh.z && otherLow.x <= high.x &&
           otherLow.y <= high.y && otherLow.z <= high.z;
}

// The cells a box covers, inclusive, on a grid of cubes of one size.
struct CellRange {
    std::int64_t low[3];
    std::int64_t high[3];
};

// A triangle as the hash keeps it: its box beside it, so the candidates of a cell are rejected by
// box from consecutive memory.
struct HashedTriangle {
    Vec3 low;
    Vec3 high;
    std::uint32_t triangle;
};

// Triangles by the hashed cells their boxes cover, in buckets (a counting sort); those whose boxes
// are too large to hash are listed apart. Cells sharing a bucket only add candidates.
class TriangleHash {
public:
    TriangleHash(const std::vector<Box>& boxes, double cellSize) : cellsPerMetre_(1.0 / cellSize) {
        std::vector<std::uint32_t> entryBuckets;
        std::vector<std::uint32_t> entryTriangles;
        for (std::uint32_t t = 0; t < boxes.size(); ++t) {
            if (!boxes[t].finite) continue;  // a non-finite corner: crossed by nothing
            CellRange range;
            if (!cellsOf(boxes[t], range)) {
                oversized_.push_back(t);
                continue;
            }
            forEachCell(range, [&](std::int64_t x, std::int64_t y, std::int64_t z) {
                entryBuckets.push_back(hashOf(x, y, z));
                entryTriangles.push_back(t);
            });
        }
        std::uint32_t bucketCount = 1;
        while (bucketCount < entryTriangles.size()) bucketCount *= 2;
        bucketMask_ = bucketCount - 1;
        bucketStarts_.assign(bucketCount + 1, 0);
        for (std::uint32_t& bucket : entryBuckets) ++bucketStarts_[(bucket &= bucketMask_) + 1];
        for (std::uint32_t b = 0; b < bucketCount; ++b) bucketStarts_[b + 1] += bucketStarts_[b];
        slots_.resize(entryTriangles.size());
        std::vector<std::uint32_t> next(bucketStarts_.begin(), bucketStarts_.end() - 1);
        for (std::size_t entry = 0; entry < entryTriangles.size(); ++entry) {
            const Box& box = boxes[entryTriangles[entry]];
            slots_[next[entryBuckets[entry]]++] = {box.low, box.high, entryTriangles[entry]};
        }
    }

    // False when the box covers more than kMaxCellsPerBox cells or lies beyond kMaxCell.
    bool cellsOf(const Box& box, CellRange& range) const {
        double cells = 1.0;
        for (int axis = 0; axis < 3; ++axis) {
            const double low = std::floor(static_cast<double>(box.low[axis]) * cellsPerMetre_);
            const double high = std::floor(static_cast<double>(box.high[axis]) * cellsPerMetre_);
            if (!(std::abs(low) < kMaxCell && std::abs(high) < kMaxCell)) return false;
            cells *= high - low + 1.0;
            range.low[axis] = static_cast<std::int64_t>(low);
            range.high[axis] = static_cast<std::int64_t>(high);
        }
        return cells <= kMaxCellsPerBox;
    }

    // Calls visit(triangle) for every triangle hashed into the range's cells' buckets whose box
    // overlaps the given one: a triangle once for each cell it shares with the range.
    template <class Visit>
    void forEachCandidate(const CellRange& range, const Box& box, Visit&& visit) const {
        forEachCell(range, [&](std::int64_t x, std::int64_t y, std::int64_t z) {
            const std::uint32_t bucket = hashOf(x, y, z) & bucketMask_;
            for (std::uint32_t slot = bucketStarts_[bucket]; slot < bucketStarts_[bucket + 1]; ++slot) {
                const HashedTriangle& hashed = slots_[slot];
                if (overlap(box.low, box.high, hashed.low, hashed.high)) visit(hashed.triangle);
            }
        });
    }

    const std::vector<std::uint32_t>& oversized() const { return oversized_; }

private:
    template <class Visit>
    static void forEachCell(const CellRange& range, Visit&& visit) {
        for (std::int64_t x = range.low[0]; x <= range.high[0]; ++x) {
            for (std::int64_t y = range.low[1]; y <= range.high[1]; ++y) {
                for (std::int64_t z = range.low[2]; z <= range.high[2]; ++z) visit(x, y, z);
            }
        }
    }
    static std::uint32_t hashOf(std::int64_t x, std::int64_t y, std::int64_t z) {
        // Large odd multipliers; the products' high bits, where each cell bit reaches, are folded
        // down, since the mask keeps the low ones.
        std::uint64_t mixed = static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ull ^
                              static_cast<std::uint64_t>(y) * 0xC2B2AE3D27D4EB4Full ^
                              static_cast<std::uint64_t>(z) * 0x165667B19E3779F9ull;
        mixed ^= mixed >> 32;
        return static_cast<std::uint32_t>(mixed ^ (mixed >> 16));
    }

    double cellsPerMetre_;
    std::uint32_t bucketMask_ = 0;
    std::vector<std::uint32_t> bucketStarts_;  // bucket b holds slots [starts[b], starts[b + 1])
    std::vector<HashedTriangle> slots_;
    std::vector<std::uint32_t> oversized_;
};

}  // namespace

bool segmentCrossesTriangle(const std::vector<Vec3>& positions, std::uint32_t from, std::uint32_t to,
                            const std::array<std::uint32_t, 3>& corners) {
    const Point a = pointOf(positions, from);
    const Point b = pointOf(positions, to);
    const Point p0 = pointOf(positions, corners[0]);
    const Point p1 = pointOf(positions, corners[1]);
    const Point p2 = pointOf(positions, corners[2]);
    // Heights above the plane, times the normal's length (which the in-plane margin is scaled by).
    const Point normal = glm::cross(p1 - p0, p2 - p0);
    const double heightOfA = glm::dot(normal, a - p0);
    const double heightOfB = glm::dot(normal, b - p0);
    const double largest = std::max({largestCoordinate(a), largestCoordinate(b), largestCoordinate(p0),
                                     largestCoordinate(p1), largestCoordinate(p2)});
    const double inPlane = kInPlaneFraction * largest * glm::length(normal);
    // Strictly on either side (false for NaN, and for a zero-area triangle, whose margin is 0).
    const bool opposite =
        (heightOfA > inPlane && heightOfB < -inPlane) || (heightOfA < -inPlane && heightOfB > inPlane);
    if (!opposite) return false;
    // The line meets the triangle where it turns the same way about all three sides.
    const bool first = turnsPositively(a, b, positions, corners[0], corners[1]);
    return turnsPositively(a, b, positions, corners[1], corners[2]) == first &&
           turnsPositively(a, b, positions, corners[2], corners[0]) == first;
}

std::vector<SelfCrossing> findSelfCrossings(const std::vector<Vec3>& positions, const Grid& grid) {
    const std::vector<std::uint32_t> indices = triangleIndicesOf(grid);
    // The structural edges, first particle then second.
    std::vector<std::array<std::uint32_t, 2>> edges;
    forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
        if (familyOf(direction) == Family::Structural) {
            edges.push_back({grid.index(column, row), secondOf(grid, direction, column, row)});
        }
    });
    const auto triangleCount = static_cast<std::uint32_t>(indices.size() / 3);
    const auto cornersOf = [&](std::uint32_t t) {
        return std::array<std::uint32_t, 3>{indices[3 * t], indices[3 * t + 1], indices[3 * t + 2]};
    };
    std::vector<Box> triangleBoxes(triangleCount);
    for (std::uint32_t t = 0; t < triangleCount; ++t) {
        for (const std::uint32_t corner : cornersOf(t)) triangleBoxes[t].add(positions[corner]);
    }

    // Cells of about an edge: a triangle covers a few, an edge's box meets a few triangles in each.
    // The median, so a few stretched edges of an exploded shape do not make one cell of it all
    // (a non-finite length counts as infinite); a cloth shrunk to a point, or mostly non-finite,
    // takes 1 m.
    std::vector<float> edgeLengths;
    for (const auto& [first, second] : edges) {
        const float length = glm::length(positions[second] - positions[first]);
        edgeLengths.push_back(std::isfinite(length) ? length : std::numeric_limits<float>::infinity());
    }
    const auto middle = edgeLengths.begin() + static_cast<std::ptrdiff_t>(edgeLengths.size() / 2);
    std::nth_element(edgeLengths.begin(), middle, edgeLengths.end());
    const double medianLength = middle == edgeLengths.end() ? 0.0 : *middle;
    const TriangleHash hash(triangleBoxes, medianLength > 0.0 && std::isfinite(medianLength) ? medianLength : 1.0);

    std::vector<SelfCrossing> crossings;
    std::uint32_t edgeNumber = 0;
    // Per triangle, the number of the last edge that met it: an edge meets a triangle in every
    // cell they share, and tests it once.
    std::vector<std::uint32_t> metByEdge(triangleCount, 0);
    std::vector<std::uint32_t> candidates;  // of one edge
    for (const auto& [first, second] : edges) {
        ++edgeNumber;
        Box box;
        box.add(positions[first]);
        box.add(positions[second]);
        if (!box.finite) continue;
        CellRange range;
        if (hash.cellsOf(box, range)) {
            candidates = hash.oversized();
            hash.forEachCandidate(range, box, [&](std::uint32_t t) {
                if (metByEdge[t] != edgeNumber) candidates.push_back(t);
                metByEdge[t] = edgeNumber;
            });
        } else {
            candidates.resize(triangleCount);  // every triangle, the oversized ones included
            std::iota(candidates.begin(), candidates.end(), 0u);
        }
        // By box again: the hash checked its own, not the oversized ones or the every-triangle case.
        for (const std::uint32_t t : candidates) {
            const std::array<std::uint32_t, 3> corners = cornersOf(t);
            const bool sharesParticle = std::find(corners.begin(), corners.end(), first) != corners.end() ||
                                        std::find(corners.begin(), corners.end(), second) != corners.end();
            if (!sharesParticle && overlap(box.low, box.high, triangleBoxes[t].low, triangleBoxes[t].high) &&
                segmentCrossesTriangle(positions, first, second, corners)) {
                crossings.push_back({{first, second}, corners});
            }
        }
    }
    return crossings;
}

std::size_t selfCrossings(const std::vector<Vec3>& positions, const Grid& grid) {
    return findSelfCrossings(positions, grid).size();
}

}  // namespace nuno
