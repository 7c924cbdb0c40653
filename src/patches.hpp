// A sea of patches: patchesAcross x patchesDown small cloths of patchColumns x
// patchRows particles, held as the tiles of one grid (Grid's patches), so every per-cloth
// feature (solvers, substeps, colliders, pins, hold) works per patch and the GPU keeps them all
// in one texture. Patch p is tile (p % patchesAcross, p / patchesAcross).
//
// Each patch starts as a flat rectangle in its own x-z plane (columns along x, rows along z),
// centred on its pose's position, turned by its rotation, moving with its velocity and spinning
// about its centre. Poses are given, or scattered from a seed.
#pragma once

#include <cstdint>
#include <vector>

#include "settings.hpp"

namespace nuno {

struct PatchLayout {
    int patchesAcross = 8;
    int patchesDown = 8;
    int patchColumns = 8;
    int patchRows = 8;
    float patchWidth = 0.1f;   // metres, along a patch's columns
    float patchHeight = 0.1f;  // metres, along its rows

    int patchCount() const { return patchesAcross * patchesDown; }
};

struct PatchPose {
    Vec3 position{0.0f};                    // metres, the patch's centre
    Vec4 rotation{0.0f, 0.0f, 0.0f, 1.0f};  // unit quaternion (x, y, z, w)
    Vec3 velocity{0.0f};                    // m/s
    Vec3 spin{0.0f};                        // rad/s, angular velocity about the centre
};

// Poses spread uniformly over a box (center +- extent / 2) yet apart (see scatterPatches),
// uniformly turned, each moving at `speed` in a uniform direction and spinning at `spin` about a
// uniform axis; the same seed gives the same poses on every platform.
struct PatchScatter {
    std::uint32_t seed = 1;
    Vec3 center{0.0f, 2.0f, 0.0f};
    Vec3 extent{2.0f, 1.0f, 2.0f};
    float speed = 0.0f;  // m/s
    float spin = 0.0f;   // rad/s
};

// The least distance, metres, the scatter keeps between two patches: half a particle spacing of
// the layout's patches (the shorter). They start through no other patch, and at a self-collision
// thickness of one spacing (the demo's) no two particles of theirs count as through each other
// (selfIntersections: nearer than half the thickness); a whole spacing left 4096 papers of
// 0.1 x 0.1 m no room in the default 2 x 1 x 2 m box.
double scatterClearance(const PatchLayout& layout);

// Draws for each patch a pose at a time; one whose patch (the layout's rectangle, turned and
// moved) comes within scatterClearance of a patch already placed is drawn again, up to
// kScatterTriesPerPatch times, then the box is refused: std::invalid_argument naming
// 'scatterExtent' with the numbers. With positionsGiven (createPatches' patchPositions replace the
// scatter's) every pose is kept as drawn: where the scatter would put them is of no matter.
constexpr int kScatterTriesPerPatch = 1000;
std::vector<PatchPose> scatterPatches(const PatchLayout& layout, const PatchScatter& scatter, bool positionsGiven = false);

// The grid a layout makes: columns, rows and the patch sides.
void setGridOf(const PatchLayout& layout, ClothSettings& settings);

// The grid's settings for this layout and these poses (one per patch): columns, rows, the patch
// sides, width and height (so each particle weighs density * patchWidth * patchHeight /
// (patchColumns * patchRows)), the starting positions and velocities. Throws
// std::invalid_argument naming 'poses' when there is not one per patch.
void placePatches(const PatchLayout& layout, const std::vector<PatchPose>& poses, ClothSettings& settings);

}  // namespace nuno
