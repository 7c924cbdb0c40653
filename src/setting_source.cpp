#include "setting_source.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <type_traits>

#include "cloth.hpp"

namespace nuno {
namespace {

[[noreturn]] void fail(const std::string& message) { throw std::invalid_argument("nuno: " + message); }

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

int integer(const SettingSource& source, const std::string& key) {
    const double value = source.number(key);
    if (std::floor(value) != value || std::fabs(value) > 1e9) failInput(key, "an integer", showNumber(value));
    return static_cast<int>(value);
}

// In double, as the document holds it: planes are normalised before anything is rounded.
glm::dvec3 vector3(const SettingSource& source, const std::string& key) {
    const std::vector<double> values = source.numbers(key);
    if (values.size() != 3) {
        failInput(key, "an array of 3 numbers", "an array of " + std::to_string(values.size()));
    }
    return {values[0], values[1], values[2]};
}

float real(const SettingSource& source, const std::string& key) { return static_cast<float>(source.number(key)); }

// One reader per kind of setting, so the readers can be made from the schema.
void read(const SettingSource& source, const std::string& key, int& value, ClothSettings&) {
    value = integer(source, key);
}
void read(const SettingSource& source, const std::string& key, float& value, ClothSettings&) {
    value = real(source, key);
}
void read(const SettingSource& source, const std::string& key, Vec3& value, ClothSettings&) {
    value = Vec3(vector3(source, key));
}
template <class Choice, std::enable_if_t<std::is_enum_v<Choice>, int> = 0>
void read(const SettingSource& source, const std::string& key, Choice& value, ClothSettings&) {
    value = parseChoice<Choice>(key, source.text(key));
}

void read(const SettingSource& source, const std::string& key, std::vector<Vec3>& points, ClothSettings&) {
    const std::vector<double> flat = source.numbers(key);
    if (flat.size() % 3 != 0) fail("'" + key + "' must hold x, y, z for each particle; its length is not a multiple of 3");
    points.resize(flat.size() / 3);
    for (std::size_t i = 0; i < points.size(); ++i) {
        points[i] = Vec3(static_cast<float>(flat[3 * i]), static_cast<float>(flat[3 * i + 1]),
                         static_cast<float>(flat[3 * i + 2]));
    }
}

// A preset's name, or the indices of the particles to pin (kept in settings.pinnedParticles).
void read(const SettingSource& source, const std::string& key, PinPreset& pins, ClothSettings& settings) {
    settings.pinnedParticles.clear();
    if (source.isText(key)) {
        pins = parseChoice<PinPreset>(key, source.text(key), " or an array of particle indices");
        return;
    }
    pins = PinPreset::Custom;
    for (double index : source.numbers(key)) {
        if (std::floor(index) != index || index < 0 || index > 4294967295.0) {
            failInput(key, "particle indices (integers >= 0)", showNumber(index));
        }
        settings.pinnedParticles.push_back(static_cast<std::uint32_t>(index));
    }
}

void read(const SettingSource& parent, const std::string& familyName, FamilyStiffness& family, ClothSettings&) {
    const std::unique_ptr<SettingSource> source = parent.child(familyName);
    const std::map<std::string, float FamilyStiffness::*> fields = {
#define NUNO_FAMILY_FIELD_MEMBER(field, defaultValue, low, high, unit, summary) {#field, &FamilyStiffness::field},
        NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_MEMBER)
#undef NUNO_FAMILY_FIELD_MEMBER
    };
    for (const std::string& key : source->keys()) {
        const auto field = fields.find(key);
        if (field == fields.end()) {
            std::vector<std::string> known;
#define NUNO_FAMILY_FIELD_NAME(field, defaultValue, low, high, unit, summary) known.push_back(#field);
            NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_NAME)
#undef NUNO_FAMILY_FIELD_NAME
            fail("unknown setting '" + familyName + "." + printable(key) + "'; known: " + joined(known));
        }
        family.*(field->second) = real(*source, key);
    }
}

using Reader = void (*)(const SettingSource&, const std::string&, ClothSettings&);

const std::map<std::string, Reader>& settingReaders() {
    static const std::map<std::string, Reader> readers = {
#define NUNO_SETTING_READER(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    {key, [](const SettingSource& source, const std::string& name, ClothSettings& s) { read(source, name, s.field, s); }},
        NUNO_SETTINGS(NUNO_SETTING_READER)
#undef NUNO_SETTING_READER
    };
    return readers;
}

void requireKnownKeys(const std::vector<std::string>& keys, const std::vector<std::string>& known,
                      const std::string& what) {
    for (const std::string& key : keys) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            fail("unknown " + what + " setting '" + printable(key) + "'; known: " + joined(known));
        }
    }
}

struct KeyCheck {
    const std::vector<std::string>& keys;
    bool operator()(const char* key) const { return std::find(keys.begin(), keys.end(), key) != keys.end(); }
};

// Each collider kind's fields, read over the shape they change (the current one, or the kind's
// defaults); validate() checks the ranges afterwards.
void readShape(const SettingSource& source, const KeyCheck& has, Sphere& sphere) {
    if (has("center")) sphere.center = Vec3(vector3(source, "center"));
    if (has("radius")) sphere.radius = real(source, "radius");
}
void readShape(const SettingSource& source, const KeyCheck& has, Plane& plane) {
    const glm::dvec3 normal = has("normal") ? vector3(source, "normal") : glm::dvec3(plane.normal);
    const glm::dvec3 point = has("point") ? vector3(source, "point") : glm::dvec3(plane.normal) * static_cast<double>(plane.offset);
    plane = planeThrough(point, normal);
}
void readShape(const SettingSource& source, const KeyCheck& has, Capsule& capsule) {
    if (has("start")) capsule.start = Vec3(vector3(source, "start"));
    if (has("end")) capsule.end = Vec3(vector3(source, "end"));
    if (has("radius")) capsule.radius = real(source, "radius");
}
void readShape(const SettingSource& source, const KeyCheck& has, Box& box) {
    if (has("center")) box.center = Vec3(vector3(source, "center"));
    if (has("halfExtents")) box.halfExtents = Vec3(vector3(source, "halfExtents"));
    if (has("rotation")) {
        const std::vector<double> values = source.numbers("rotation");
        if (values.size() != 4) failInput("rotation", "an array of 4 numbers [x, y, z, w]", "an array of " + std::to_string(values.size()), Box::kName);
        box.rotation = unitRotation({values[0], values[1], values[2], values[3]});
    }
}

}  // namespace

void applySettings(const SettingSource& source, ClothSettings& settings) {
    const auto& readers = settingReaders();
    for (const std::string& key : source.keys()) {
        const auto reader = readers.find(key);
        if (reader == readers.end()) {
            std::vector<std::string> known;
            for (const auto& entry : readers) known.push_back(entry.first);
            fail("unknown setting '" + printable(key) + "'; known settings: " + joined(known));
        }
        reader->second(source, key, settings);
    }
}

const std::vector<std::string>& patchSettingKeys() {
    static const std::vector<std::string> keys = {
        "patchesAcross", "patchesDown",   "patchColumns",  "patchRows",     "patchWidth",      "patchHeight",
        "seed",          "scatterCenter", "scatterExtent", "scatterSpeed",  "scatterSpin",     "patchPositions",
        "patchRotations", "patchVelocities", "patchSpins"};
    return keys;
}

namespace {

int integerIn(const SettingSource& source, const std::string& key, int low, int high) {
    const int value = integer(source, key);
    if (value < low || value > high) {
        failInput(key, "an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]", std::to_string(value));
    }
    return value;
}

float realIn(const SettingSource& source, const std::string& key, float low, float high) {
    const double value = source.number(key);
    if (!std::isfinite(value) || value < low || value > high) {
        failInput(key, "a number in [" + showNumber(low) + ", " + showNumber(high) + "]", showNumber(value));
    }
    return static_cast<float>(value);
}

Vec3 vectorIn(const SettingSource& source, const std::string& key, double low, double high) {
    const glm::dvec3 value = vector3(source, key);
    for (int axis = 0; axis < 3; ++axis) {
        if (!std::isfinite(value[axis]) || value[axis] < low || value[axis] > high) {
            failInput(key, "three numbers, each in [" + showNumber(low) + ", " + showNumber(high) + "]", showVector(value));
        }
    }
    return Vec3(value);
}

// One entry of `width` numbers per patch, from a flat array; each passed to take(patch, values).
template <class Take>
void readPerPatch(const SettingSource& source, const std::string& key, int patches, std::size_t width, Take&& take) {
    const std::vector<double> flat = source.numbers(key);
    if (flat.size() != width * static_cast<std::size_t>(patches)) {
        failInput(key, std::to_string(width) + " numbers per patch (" + std::to_string(width * static_cast<std::size_t>(patches)) + ")",
                  std::to_string(flat.size()) + " numbers");
    }
    for (int patch = 0; patch < patches; ++patch) take(patch, &flat[width * static_cast<std::size_t>(patch)]);
}

void requireFinite(const std::string& key, const double* values, std::size_t count, double limit) {
    for (std::size_t i = 0; i < count; ++i) {
        if (!std::isfinite(values[i]) || std::fabs(values[i]) > limit) {
            failInput(key, "finite numbers, each in [-" + showNumber(limit) + ", " + showNumber(limit) + "]", showNumber(values[i]));
        }
    }
}

}  // namespace

PatchRequest readPatchRequest(const SettingSource& source) {
    const std::vector<std::string> keys = source.keys();
    const KeyCheck has{keys};
    for (const char* gridKey : {"columns", "rows", "width", "height", "orientation", "center", "positions", "velocities"}) {
        if (has(gridKey)) {
            fail(std::string("'") + gridKey + "' is set by createPatches from the layout (patchesAcross, patchesDown, "
                 "patchColumns, patchRows, patchWidth, patchHeight) and the poses; leave it out");
        }
    }
    const std::vector<std::string>& patchKeys = patchSettingKeys();
    const auto& readers = settingReaders();
    for (const std::string& key : keys) {
        if (std::find(patchKeys.begin(), patchKeys.end(), key) != patchKeys.end() || readers.count(key) > 0) continue;
        std::vector<std::string> clothKeys;
        for (const auto& entry : readers) clothKeys.push_back(entry.first);
        fail("unknown setting '" + printable(key) + "'; createPatches takes " + joined(patchKeys) +
             ", and the cloth settings " + joined(clothKeys));
    }
    PatchRequest request;
    PatchLayout& layout = request.layout;
    if (has("patchColumns")) layout.patchColumns = integerIn(source, "patchColumns", 2, kMaxGridSide);
    if (has("patchRows")) layout.patchRows = integerIn(source, "patchRows", 2, kMaxGridSide);
    if (has("patchesAcross")) layout.patchesAcross = integerIn(source, "patchesAcross", 1, kMaxGridSide / layout.patchColumns);
    if (has("patchesDown")) layout.patchesDown = integerIn(source, "patchesDown", 1, kMaxGridSide / layout.patchRows);
    if (has("patchWidth")) layout.patchWidth = realIn(source, "patchWidth", 1e-3f, 1000.0f);
    if (has("patchHeight")) layout.patchHeight = realIn(source, "patchHeight", 1e-3f, 1000.0f);
    // Before the poses and particles are made: for the largest layouts they alone would need
    // gigabytes. The cloth's own settings are checked again when it is made.
    ClothSettings grid;
    setGridOf(layout, grid);
    Cloth::requireFitsInMemory(grid, "patchesAcross * patchesDown",
                               "patches of " + std::to_string(layout.patchColumns) + " x " +
                                   std::to_string(layout.patchRows) + " particles",
                               layout.patchColumns * layout.patchRows);

    PatchScatter scatter;
    if (has("seed")) scatter.seed = static_cast<std::uint32_t>(integerIn(source, "seed", 0, 1000000));
    if (has("scatterCenter")) scatter.center = vectorIn(source, "scatterCenter", -kMaxCoordinateMetres, kMaxCoordinateMetres);
    if (has("scatterExtent")) scatter.extent = vectorIn(source, "scatterExtent", 0.0, kMaxCoordinateMetres);
    if (has("scatterSpeed")) scatter.speed = realIn(source, "scatterSpeed", 0.0f, 100.0f);
    if (has("scatterSpin")) scatter.spin = realIn(source, "scatterSpin", 0.0f, 1000.0f);
    const int patches = layout.patchCount();
    request.poses = scatterPatches(layout, scatter, has("patchPositions"));

    if (has("patchPositions")) {
        readPerPatch(source, "patchPositions", patches, 3, [&](int patch, const double* v) {
            requireFinite("patchPositions", v, 3, kMaxCoordinateMetres);
            request.poses[static_cast<std::size_t>(patch)].position = Vec3(v[0], v[1], v[2]);
        });
    }
    if (has("patchRotations")) {
        readPerPatch(source, "patchRotations", patches, 4, [&](int patch, const double* v) {
            request.poses[static_cast<std::size_t>(patch)].rotation = unitRotation({v[0], v[1], v[2], v[3]}, "patchRotations", "");
        });
    }
    if (has("patchVelocities")) {
        readPerPatch(source, "patchVelocities", patches, 3, [&](int patch, const double* v) {
            requireFinite("patchVelocities", v, 3, 100.0);
            request.poses[static_cast<std::size_t>(patch)].velocity = Vec3(v[0], v[1], v[2]);
        });
    }
    if (has("patchSpins")) {
        readPerPatch(source, "patchSpins", patches, 3, [&](int patch, const double* v) {
            requireFinite("patchSpins", v, 3, 1000.0);
            request.poses[static_cast<std::size_t>(patch)].spin = Vec3(v[0], v[1], v[2]);
        });
    }
    return request;
}

Collider readCollider(const SettingSource& source, const Collider* current) {
    const std::vector<std::string> keys = source.keys();
    const KeyCheck has{keys};
    ColliderShape shape;
    if (has("type")) {
        const std::string type = source.text("type");
        bool known = false;
        forEachColliderKind([&](const auto& kind) {
            if (type == kind.kName) {
                shape = kind;
                known = true;
            }
        });
        if (!known) fail("collider 'type' must be one of " + quotedKindNames() + ", got '" + printable(type) + "'");
        if (current && shape.index() != current->shape.index()) {
            fail("collider 'type' cannot change; remove the collider and add a new one");
        }
    } else if (!current) {
        fail("collider 'type' is required: one of " + quotedKindNames());
    }

    Collider collider = current ? *current : Collider{shape};
    if (has("friction")) collider.friction = real(source, "friction");
    std::visit(
        [&](auto& kind) {
            std::vector<std::string> known{"type"};
            known.insert(known.end(), kind.kKeys.begin(), kind.kKeys.end());
            known.push_back("friction");
            requireKnownKeys(keys, known, kind.kName);
            readShape(source, has, kind);
        },
        collider.shape);
    validate(collider);
    return collider;
}

}  // namespace nuno
