#include "mesh_field.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include <glm/vec2.hpp>
#include <glm/vector_relational.hpp>

#include "field_sample.hpp"
#include "settings.hpp"
#include "triangle_geometry.hpp"

namespace nuno {
namespace {

constexpr const char* kOwner = "mesh";

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

using Triangle = std::array<std::uint32_t, 3>;

// Every triangle once, whatever order its corners come in; none with a repeated corner (no area,
// and a segment or point its neighbours already hold). Each triangle's corners, least first,
// make one 60-bit key (a mesh has fewer than 2^20 vertices), kept in an open-addressed table.
std::vector<Triangle> distinctTriangles(const std::vector<std::uint32_t>& indices) {
    static_assert(kMaxMeshVertices <= (1u << 20), "three corners fit one 64-bit key");
    std::size_t slots = 2;
    while (slots < indices.size()) slots *= 2;  // at least twice the triangles
    std::vector<std::uint64_t> seen(slots, 0);  // 0: empty (no key is 0: its middle corner is >= 1)
    std::vector<Triangle> triangles;
    for (std::size_t i = 0; i + 2 < indices.size(); i += 3) {
        Triangle corners{indices[i], indices[i + 1], indices[i + 2]};
        if (corners[0] > corners[1]) std::swap(corners[0], corners[1]);
        if (corners[1] > corners[2]) std::swap(corners[1], corners[2]);
        if (corners[0] > corners[1]) std::swap(corners[0], corners[1]);
        if (corners[0] == corners[1] || corners[1] == corners[2]) continue;
        const std::uint64_t key = std::uint64_t{corners[0]} << 40 | std::uint64_t{corners[1]} << 20 | corners[2];
        std::size_t slot = (key * 0x9E3779B97F4A7C15ull) >> 20 & (slots - 1);
        while (seen[slot] != 0 && seen[slot] != key) slot = (slot + 1) & (slots - 1);
        if (seen[slot] == key) continue;
        seen[slot] = key;
        triangles.push_back(corners);
    }
    return triangles;
}

void checkMesh(const std::vector<Vec3>& vertices, const std::vector<std::uint32_t>& indices, float thickness, int resolution) {
    if (vertices.empty() || vertices.size() > kMaxMeshVertices) {
        failInput("vertices", {"x, y, z for each of 1 to ", kMaxMeshVertices, " vertices"}, {vertices.size(), " vertices"}, kOwner);
    }
    for (std::size_t v = 0; v < vertices.size(); ++v) {
        const Vec3& vertex = vertices[v];
        if (!finite(vertex) || glm::any(glm::greaterThan(glm::abs(vertex), Vec3(kMaxCoordinateMetres)))) {
            failInput("vertices", "finite coordinates within [-10000, 10000]", {showVector(vertex), " (vertex ", v, ")"}, kOwner);
        }
    }
    if (indices.empty() || indices.size() % 3 != 0 || indices.size() / 3 > kMaxMeshTriangles) {
        failInput("indices", {"three vertex indices for each of 1 to ", kMaxMeshTriangles, " triangles"}, {indices.size(), " indices"}, kOwner);
    }
    for (const std::uint32_t index : indices) {
        if (index >= vertices.size()) {
            failInput("indices", {"vertex indices in [0, ", vertices.size() - 1, "]"}, {index}, kOwner);
        }
    }
    if (!(thickness >= 0.0f && thickness <= kMaxMeshThicknessMetres)) {
        failInput("thickness", "a number in [0, 1]", {thickness}, kOwner);
    }
    if (resolution < kMinMeshResolution || resolution > kMaxMeshResolution) {
        failInput("resolution", {"an integer in [", kMinMeshResolution, ", ", kMaxMeshResolution, "]"}, {resolution}, kOwner);
    }
}

// The grid: `resolution` voxels along the mesh's longest side, with room around it for the shell
// and for two samples outside any surface.
void placeGrid(DistanceField& field, const std::vector<Triangle>& triangles) {
    Vec3 low(std::numeric_limits<float>::max());
    Vec3 high(std::numeric_limits<float>::lowest());
    for (const Triangle& triangle : triangles) {
        for (const std::uint32_t corner : triangle) {
            low = glm::min(low, field.vertices[corner]);
            high = glm::max(high, field.vertices[corner]);
        }
    }
    const Vec3 extent = high - low;
    const float longest = std::max({extent.x, extent.y, extent.z});
    if (!(longest > 0.0f)) failInput("vertices", "triangles that span some space", "every corner at one point", kOwner);
    field.voxelMetres = longest / static_cast<float>(field.resolution);
    // Counted in double: a thick shell around a tiny mesh asks for more samples than any integer
    // type here holds (a 2 nm cube with a 1 m shell: 10^9 a side).
    const double padding = std::ceil(static_cast<double>(field.thickness) / field.voxelMetres) + 2.0;
    glm::dvec3 counts;
    for (int axis = 0; axis < 3; ++axis) counts[axis] = std::ceil(extent[axis] / static_cast<double>(field.voxelMetres)) + 1.0 + 2.0 * padding;
    if (!(counts.x * counts.y * counts.z <= static_cast<double>(kMaxMeshFieldSamples))) {
        failInput(field.thickness > 0.0f ? "thickness" : "resolution",
                  {"a field of at most ", kMaxMeshFieldSamples, " samples (a thinner shell or a coarser grid)"},
                  {counts.x, " x ", counts.y, " x ", counts.z}, kOwner);
    }
    field.size = glm::ivec3(counts);
    field.origin = low - Vec3(static_cast<float>(padding) * field.voxelMetres);
    field.middle = field.origin + Vec3(field.size - 1) * (0.5f * field.voxelMetres);
    float ballRadius = 0.0f;
    for (const Triangle& triangle : triangles) {
        for (const std::uint32_t corner : triangle) ballRadius = std::max(ballRadius, glm::length(field.vertices[corner] - field.middle));
    }
    field.ballRadiusMetres = ballRadius;
    field.samplesReachMetres = ballRadius + field.thickness + 2.0f * field.voxelMetres;
}

class Grid {
public:
    explicit Grid(const DistanceField& field) : field_(field) {}
    std::size_t index(int x, int y, int z) const {
        return static_cast<std::size_t>(x) +
               static_cast<std::size_t>(field_.size.x) * (static_cast<std::size_t>(y) + static_cast<std::size_t>(field_.size.y) * static_cast<std::size_t>(z));
    }
    Vec3 point(int x, int y, int z) const { return field_.origin + Vec3(x, y, z) * field_.voxelMetres; }
    // The samples' range along an axis that lies within [low, high] metres, widened by `extra`.
    std::pair<int, int> span(int axis, float low, float high, int extra) const {
        const int first = static_cast<int>(std::floor((low - field_.origin[axis]) / field_.voxelMetres)) - extra;
        const int last = static_cast<int>(std::ceil((high - field_.origin[axis]) / field_.voxelMetres)) + extra;
        return {std::max(first, 0), std::min(last, field_.size[axis] - 1)};
    }

private:
    const DistanceField& field_;
};

struct Nearest {
    std::vector<float> distances;
    std::vector<std::int32_t> triangles;  // -1: none found yet
};

float distanceTo(const DistanceField& field, const Triangle& triangle, const Vec3& point) {
    return distanceToTriangle(point, field.vertices[triangle[0]], field.vertices[triangle[1]], field.vertices[triangle[2]]);
}

// Exact distances at the samples around each triangle (its box and one sample more).
Nearest nearestAroundTriangles(const DistanceField& field, const std::vector<Triangle>& triangles) {
    const Grid grid(field);
    const std::size_t samples = static_cast<std::size_t>(field.size.x) * field.size.y * field.size.z;
    Nearest nearest{std::vector<float>(samples, std::numeric_limits<float>::infinity()), std::vector<std::int32_t>(samples, -1)};
    for (std::size_t t = 0; t < triangles.size(); ++t) {
        const Vec3& a = field.vertices[triangles[t][0]];
        const Vec3& b = field.vertices[triangles[t][1]];
        const Vec3& c = field.vertices[triangles[t][2]];
        const Vec3 low = glm::min(a, glm::min(b, c));
        const Vec3 high = glm::max(a, glm::max(b, c));
        const auto [x0, x1] = grid.span(0, low.x, high.x, 0);
        const auto [y0, y1] = grid.span(1, low.y, high.y, 0);
        const auto [z0, z1] = grid.span(2, low.z, high.z, 0);
        for (int z = z0; z <= z1; ++z) {
            for (int y = y0; y <= y1; ++y) {
                for (int x = x0; x <= x1; ++x) {
                    const std::size_t i = grid.index(x, y, z);
                    const float distance = distanceToTriangle(grid.point(x, y, z), a, b, c);
                    if (distance < nearest.distances[i]) {
                        nearest.distances[i] = distance;
                        nearest.triangles[i] = static_cast<std::int32_t>(t);
                    }
                }
            }
        }
    }
    return nearest;
}

// Carries each sample's nearest triangle to its neighbours, in the eight diagonal orders over the
// grid (fast sweeping): a sample far from the mesh takes the nearest of the triangles its three
// neighbours behind it in the order found.
void sweepOutward(const DistanceField& field, const std::vector<Triangle>& triangles, Nearest& nearest) {
    const Grid grid(field);
    const glm::ivec3 size = field.size;
    for (int order = 0; order < 8; ++order) {
        const glm::ivec3 step((order & 1) ? -1 : 1, (order & 2) ? -1 : 1, (order & 4) ? -1 : 1);
        const glm::ivec3 first(step.x > 0 ? 0 : size.x - 1, step.y > 0 ? 0 : size.y - 1, step.z > 0 ? 0 : size.z - 1);
        for (int z = first.z; z >= 0 && z < size.z; z += step.z) {
            for (int y = first.y; y >= 0 && y < size.y; y += step.y) {
                for (int x = first.x; x >= 0 && x < size.x; x += step.x) {
                    const std::size_t i = grid.index(x, y, z);
                    for (int axis = 0; axis < 3; ++axis) {
                        const glm::ivec3 behind = glm::ivec3(x, y, z) - glm::ivec3(axis == 0, axis == 1, axis == 2) * step;
                        if (behind[axis] < 0 || behind[axis] >= size[axis]) continue;
                        const std::int32_t candidate = nearest.triangles[grid.index(behind.x, behind.y, behind.z)];
                        if (candidate < 0 || candidate == nearest.triangles[i]) continue;
                        const float distance = distanceTo(field, triangles[static_cast<std::size_t>(candidate)], grid.point(x, y, z));
                        if (distance < nearest.distances[i]) {
                            nearest.distances[i] = distance;
                            nearest.triangles[i] = candidate;
                        }
                    }
                }
            }
        }
    }
}

// Twice the signed area of (a, b, p) in a plane: > 0 where p is left of a -> b.
double edgeSide(const glm::dvec2& a, const glm::dvec2& b, const glm::dvec2& p) {
    return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
}

// Whether p is inside the counter-clockwise edge a -> b, a point on the edge counting for exactly
// one of the two triangles that share it (the rasterisers' top-left rule), so a ray through an
// edge crosses the surface once.
bool insideEdge(const glm::dvec2& a, const glm::dvec2& b, const glm::dvec2& p) {
    const double side = edgeSide(a, b, p);
    if (side != 0.0) return side > 0.0;
    return b.y < a.y || (b.y == a.y && b.x > a.x);
}

// Per sample, how many of the three axes' rays through it (from the grid's low side) cross the
// surface an odd number of times before reaching it.
std::vector<std::uint8_t> insideVotes(const DistanceField& field, const std::vector<Triangle>& triangles) {
    const Grid grid(field);
    const std::size_t samples = static_cast<std::size_t>(field.size.x) * field.size.y * field.size.z;
    std::vector<std::uint8_t> votes(samples, 0);
    std::vector<std::uint8_t> flips(samples);
    for (int axis = 0; axis < 3; ++axis) {
        const int u = (axis + 1) % 3;
        const int v = (axis + 2) % 3;
        const auto sampleAt = [&](int along, int atU, int atV) {
            glm::ivec3 at;
            at[axis] = along;
            at[u] = atU;
            at[v] = atV;
            return grid.index(at.x, at.y, at.z);
        };
        std::fill(flips.begin(), flips.end(), 0);
        for (const Triangle& triangle : triangles) {
            std::array<glm::dvec3, 3> corners;
            for (int k = 0; k < 3; ++k) corners[k] = glm::dvec3(field.vertices[triangle[k]]);
            std::array<glm::dvec2, 3> flat;
            for (int k = 0; k < 3; ++k) flat[k] = {corners[k][u], corners[k][v]};
            const double area = edgeSide(flat[0], flat[1], flat[2]);
            if (area == 0.0) continue;  // edge-on to these rays: its neighbours are crossed instead
            if (area < 0.0) {
                std::swap(flat[1], flat[2]);
                std::swap(corners[1], corners[2]);
            }
            const double low[2] = {std::min({flat[0].x, flat[1].x, flat[2].x}), std::min({flat[0].y, flat[1].y, flat[2].y})};
            const double high[2] = {std::max({flat[0].x, flat[1].x, flat[2].x}), std::max({flat[0].y, flat[1].y, flat[2].y})};
            const auto [u0, u1] = grid.span(u, static_cast<float>(low[0]), static_cast<float>(high[0]), 0);
            const auto [v0, v1] = grid.span(v, static_cast<float>(low[1]), static_cast<float>(high[1]), 0);
            for (int atV = v0; atV <= v1; ++atV) {
                for (int atU = u0; atU <= u1; ++atU) {
                    const glm::dvec2 p(double(field.origin[u]) + atU * double(field.voxelMetres),
                                       double(field.origin[v]) + atV * double(field.voxelMetres));
                    if (!insideEdge(flat[0], flat[1], p) || !insideEdge(flat[1], flat[2], p) || !insideEdge(flat[2], flat[0], p)) continue;
                    // Where the ray meets the triangle along the axis: its corners' weighted sum.
                    const double w0 = edgeSide(flat[1], flat[2], p) / std::fabs(area);
                    const double w1 = edgeSide(flat[2], flat[0], p) / std::fabs(area);
                    const double crossing = w0 * corners[0][axis] + w1 * corners[1][axis] + (1.0 - w0 - w1) * corners[2][axis];
                    const int firstBeyond = static_cast<int>(std::floor((crossing - field.origin[axis]) / field.voxelMetres)) + 1;
                    if (firstBeyond < field.size[axis]) flips[sampleAt(std::max(firstBeyond, 0), atU, atV)] ^= 1;
                }
            }
        }
        for (int atV = 0; atV < field.size[v]; ++atV) {
            for (int atU = 0; atU < field.size[u]; ++atU) {
                std::uint8_t inside = 0;
                for (int along = 0; along < field.size[axis]; ++along) {
                    const std::size_t i = sampleAt(along, atU, atV);
                    inside ^= flips[i];
                    votes[i] += inside;
                }
            }
        }
    }
    return votes;
}

}  // namespace

std::shared_ptr<const DistanceField> buildDistanceField(std::vector<Vec3> vertices, std::vector<std::uint32_t> indices,
                                                        float thickness, int resolution) {
    checkMesh(vertices, indices, thickness, resolution);
    auto field = std::make_shared<DistanceField>();
    field->vertices = std::move(vertices);
    field->indices = std::move(indices);
    field->thickness = thickness;
    field->resolution = resolution;
    const std::vector<Triangle> triangles = distinctTriangles(field->indices);
    if (triangles.empty()) failInput("indices", "at least one triangle with three different corners", "none", kOwner);
    placeGrid(*field, triangles);

    Nearest nearest = nearestAroundTriangles(*field, triangles);
    sweepOutward(*field, triangles, nearest);
    field->distances = std::move(nearest.distances);
    if (thickness > 0.0f) {
        for (float& distance : field->distances) distance -= thickness;
    } else {
        // Outside the mesh's bounding ball no point is inside, whatever a hole did to the rays
        // through it: so the field there reads at least the distance to the ball, as the
        // collide stage takes it to when it skips the samples (samplesReachMetres).
        const std::vector<std::uint8_t> votes = insideVotes(*field, triangles);
        const Grid grid(*field);
        for (int z = 0; z < field->size.z; ++z) {
            for (int y = 0; y < field->size.y; ++y) {
                for (int x = 0; x < field->size.x; ++x) {
                    const std::size_t i = grid.index(x, y, z);
                    if (votes[i] >= 2 && glm::length(grid.point(x, y, z) - field->middle) <= field->ballRadiusMetres) {
                        field->distances[i] = -field->distances[i];
                    }
                }
            }
        }
    }
    return field;
}

FieldSample sampleField(const DistanceField& field, const Vec3& local) {
    // An infinite coordinate comes out infinitely far (no contact, as the GPU finds), a NaN as NaN.
    if (std::isnan(local.x) || std::isnan(local.y) || std::isnan(local.z)) {
        return {std::numeric_limits<float>::quiet_NaN(), Vec3(0.0f, 1.0f, 0.0f)};
    }
    const GridPlaceOf<float, Vec3> place = gridPlace<float, Vec3>(field, local);
    float corners[8];
    readCell(field, static_cast<std::size_t>(place.firstSample), corners, 1);
    return trilinearSample<float, Vec3>(corners, place.share, place.beyond);
}

}  // namespace nuno
