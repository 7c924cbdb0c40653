// Reading settings from any keyed document (a JS object, a JSON file) through one set of rules,
// so every front end accepts the same names, types and ranges and reports errors the same way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "colliders.hpp"
#include "patches.hpp"
#include "settings.hpp"

namespace nuno {

class SettingSource {
public:
    virtual ~SettingSource() = default;
    // Keys that are present. A JS undefined counts as absent (as after an object spread); null
    // is a value like any other, which every reader rejects by name rather than taking it to
    // mean "the default".
    virtual std::vector<std::string> keys() const = 0;
    virtual bool isText(const std::string& key) const = 0;
    // Each throws std::invalid_argument naming the key when the value has another type.
    virtual double number(const std::string& key) const = 0;
    virtual std::string text(const std::string& key) const = 0;
    virtual std::vector<double> numbers(const std::string& key) const = 0;
    // How many numbers numbers(key) would hand over, asked first so that a reader refuses an
    // array too long for its setting by name before anything is allocated for it (a JS array's
    // declared length may be 2^32 - 1, holding nothing). Throws as numbers() does for a value
    // that is not an array. This default counts what numbers() copies, which suits a document
    // already in memory (a JSON one).
    virtual std::size_t length(const std::string& key) const { return numbers(key).size(); }
    // The nested document under key; its errors name its keys from the top, e.g. 'bending.shrink'.
    virtual std::unique_ptr<SettingSource> child(const std::string& key) const = 0;
};

// Overwrites the settings named in the source; throws for unknown names and wrong types.
// Ranges are checked afterwards by validate().
void applySettings(const SettingSource& source, ClothSettings& settings);

// A collider from {type, friction} and its kind's keys (colliders.hpp): {type: 'sphere', center,
// radius}, {type: 'plane', point, normal}, {type: 'capsule', start, end, radius} or {type: 'box',
// center, halfExtents, rotation}. With a current collider, the source only needs the fields that
// change, and the type cannot.
Collider readCollider(const SettingSource& source, const Collider* current = nullptr);

// createPatches' own settings: the layout (patchesAcross, patchesDown, patchColumns, patchRows,
// patchWidth, patchHeight), the scatter (seed, scatterCenter, scatterExtent, scatterSpeed,
// scatterSpin) and poses given as flat arrays, one entry per patch (patchPositions x y z,
// patchRotations x y z w, patchVelocities, patchSpins), each replacing the scatter's. Only these
// keys are read; the grid's own (columns, rows, width, height, orientation, center, positions,
// velocities) are refused by name, since the layout sets them. Ranges are checked here.
struct PatchRequest {
    PatchLayout layout;
    std::vector<PatchPose> poses;
};
PatchRequest readPatchRequest(const SettingSource& source);
const std::vector<std::string>& patchSettingKeys();

// The most particles any cloth can have: the largest grid that Cloth::kMaxClothBytes holds with
// the settings that keep the least per particle. Arrays with an entry per particle (positions,
// velocities, pins) are refused by name beyond it, before they are copied.
std::uint32_t maxParticleCount();

}  // namespace nuno
