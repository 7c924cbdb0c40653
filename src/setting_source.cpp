#include "setting_source.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <map>
#include <stdexcept>
#include <type_traits>

#include "cloth.hpp"
#include "mesh_field.hpp"

namespace nuno {
namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string text;
    for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
    return text;
}

// A whole number that an int holds; otherwise refused as "an integer in [low, high]", so a whole
// number too large to hold (2^31) is told the range rather than that it is no integer. The
// range itself is checked by the caller (validate(), for the schema's settings).
int integer(const SettingSource& source, const std::string& key, MessagePiece low, MessagePiece high) {
    const double value = source.number(key);
    if (std::floor(value) != value || std::fabs(value) > 1e9) failInput(key, {"an integer in [", low, ", ", high, "]"}, {value});
    return static_cast<int>(value);
}

// A schema setting's ends as the errors write them; an end that is another setting by its name
// ("[0, columns]"), since that setting may not have been read yet.
std::pair<MessagePiece, MessagePiece> schemaEnds(const std::string& key) {
    const auto& schema = settingsSchema();
    const auto info = std::find_if(schema.begin(), schema.end(), [&](const SettingInfo& entry) { return entry.name == key; });
    const auto end = [](double bound, const std::string& setting) {
        return setting.empty() ? MessagePiece(bound) : MessagePiece(setting);
    };
    return {end(info->low, info->lowSetting), end(info->high, info->highSetting)};
}

// The declared length of an array setting, refused as `allowed` says when it is over maxCount.
// Asked before numbers() copies the array, so a huge one is refused by name, not by the allocator.
void requireLengthAtMost(const SettingSource& source, const std::string& key, std::size_t maxCount,
                         const MessageText& allowed, std::string_view owner = {}) {
    const std::size_t length = source.length(key);
    if (length > maxCount) failInput(key, allowed, {"an array of ", length}, owner);
}

// In double, as the document holds it: planes are normalised before anything is rounded.
glm::dvec3 vector3(const SettingSource& source, const std::string& key) {
    requireLengthAtMost(source, key, 3, "an array of 3 numbers");
    const std::vector<double> values = source.numbers(key);
    if (values.size() != 3) failInput(key, {"an array of 3 numbers"}, {"an array of ", values.size()});
    return {values[0], values[1], values[2]};
}

float real(const SettingSource& source, const std::string& key) { return static_cast<float>(source.number(key)); }

// A unit quaternion from x, y, z, w, refused by the name it was given under (a box's 'rotation',
// 'patchRotations') when a component is not finite: unitRotation takes the largest component with
// std::max, which passes NaN over, so a NaN came out as a NaN rotation and was refused later under
// another name (the patches' 'positions').
Vec4 rotationFrom(const double* xyzw, const std::string& key, const std::string& owner) {
    const std::array<double, 4> quaternion{xyzw[0], xyzw[1], xyzw[2], xyzw[3]};
    if (!std::all_of(quaternion.begin(), quaternion.end(), [](double component) { return std::isfinite(component); })) {
        failInput(key, {"a non-zero quaternion [x, y, z, w] of four finite numbers"},
                  {"[", quaternion[0], ", ", quaternion[1], ", ", quaternion[2], ", ", quaternion[3], "]"}, owner);
    }
    return unitRotation(quaternion, key, owner);
}

// One reader per kind of setting, so the readers can be made from the schema.
void read(const SettingSource& source, const std::string& key, int& value, ClothSettings&) {
    const auto [low, high] = schemaEnds(key);
    value = integer(source, key, low, high);
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
    const std::uint32_t particles = maxParticleCount();
    const std::size_t mostNumbers = 3 * std::size_t{particles};
    const std::size_t length = source.length(key);
    if (length > mostNumbers) {
        failInput(key, {"an array of at most ", mostNumbers, " numbers (x, y, z for each of at most ", particles, " particles)"},
                  {"an array of ", length});
    }
    const std::vector<double> flat = source.numbers(key);
    if (flat.size() % 3 != 0) failWith({"'", key, "' must hold x, y, z for each particle; its length is not a multiple of 3"});
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
    const std::uint32_t particles = maxParticleCount();
    const std::size_t length = source.length(key);
    if (length > particles) {
        failInput(key, {"an array of at most ", particles, " particle indices (a cloth has at most ", particles, " particles)"},
                  {"an array of ", length});
    }
    for (double index : source.numbers(key)) {
        if (std::floor(index) != index || index < 0 || index > 4294967295.0) {
            failInput(key, {"particle indices (integers >= 0)"}, {index});
        }
        settings.pinnedParticles.push_back(static_cast<std::uint32_t>(index));
    }
}

struct FamilyField {
    const char* name;
    float FamilyStiffness::*member;
};
constexpr FamilyField kFamilyFields[] = {
#define NUNO_FAMILY_FIELD_MEMBER(field, defaultValue, low, high, unit, summary) {#field, &FamilyStiffness::field},
    NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_MEMBER)
#undef NUNO_FAMILY_FIELD_MEMBER
};

void read(const SettingSource& parent, const std::string& familyName, FamilyStiffness& family, ClothSettings&) {
    const std::unique_ptr<SettingSource> source = parent.child(familyName);
    for (const std::string& key : source->keys()) {
        const auto field = std::find_if(std::begin(kFamilyFields), std::end(kFamilyFields),
                                        [&key](const FamilyField& entry) { return key == entry.name; });
        if (field == std::end(kFamilyFields)) {
            std::vector<std::string> known;
            for (const FamilyField& entry : kFamilyFields) known.emplace_back(entry.name);
            failWith({"unknown setting '", familyName, ".", printable(key), "'; known: ", joined(known)});
        }
        family.*(field->member) = real(*source, key);
    }
}

using Reader = void (*)(const SettingSource&, const std::string&, ClothSettings&);

// By name, in alphabetical order (as the errors list the names). Filled from a table in a loop,
// which is a fraction of the code of the map's own list of a pair per setting.
const std::map<std::string, Reader>& settingReaders() {
    static const std::map<std::string, Reader> readers = [] {
        constexpr std::pair<const char*, Reader> kReaders[] = {
#define NUNO_SETTING_READER(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    {key, [](const SettingSource& source, const std::string& name, ClothSettings& s) { read(source, name, s.field, s); }},
            NUNO_SETTINGS(NUNO_SETTING_READER)
#undef NUNO_SETTING_READER
        };
        std::map<std::string, Reader> byName;
        for (const auto& [key, reader] : kReaders) byName.emplace(key, reader);
        return byName;
    }();
    return readers;
}

void requireKnownKeys(const std::vector<std::string>& keys, const std::vector<std::string>& known,
                      std::string_view what) {
    for (const std::string& key : keys) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            failWith({"unknown ", what, " setting '", printable(key), "'; known: ", joined(known)});
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
Vec4 readRotation(const SettingSource& source, const char* owner) {
    const std::string allowed = "an array of 4 numbers [x, y, z, w]";
    requireLengthAtMost(source, "rotation", 4, allowed, owner);
    const std::vector<double> values = source.numbers("rotation");
    if (values.size() != 4) failInput("rotation", allowed, {"an array of ", values.size()}, owner);
    return rotationFrom(values.data(), "rotation", owner);
}
void readShape(const SettingSource& source, const KeyCheck& has, Box& box) {
    if (has("center")) box.center = Vec3(vector3(source, "center"));
    if (has("halfExtents")) box.halfExtents = Vec3(vector3(source, "halfExtents"));
    if (has("rotation")) box.rotation = readRotation(source, Box::kName);
}

std::vector<Vec3> readMeshVertices(const SettingSource& source) {
    requireLengthAtMost(source, "vertices", 3 * kMaxMeshVertices, {"x, y, z for each of 1 to ", kMaxMeshVertices, " vertices"}, Mesh::kName);
    const std::vector<double> flat = source.numbers("vertices");
    if (flat.size() % 3 != 0) {
        failInput("vertices", {"x, y, z for each of 1 to ", kMaxMeshVertices, " vertices"}, {"an array of ", flat.size()}, Mesh::kName);
    }
    std::vector<Vec3> vertices(flat.size() / 3);
    for (std::size_t v = 0; v < vertices.size(); ++v) {
        const glm::dvec3 vertex(flat[3 * v], flat[3 * v + 1], flat[3 * v + 2]);
        requireVector("vertices", vertex, kMaxCoordinateMetres, Mesh::kName);
        vertices[v] = Vec3(vertex);
    }
    return vertices;
}

std::vector<std::uint32_t> readMeshIndices(const SettingSource& source) {
    requireLengthAtMost(source, "indices", 3 * kMaxMeshTriangles,
                        {"three vertex indices for each of 1 to ", kMaxMeshTriangles, " triangles"}, Mesh::kName);
    std::vector<std::uint32_t> indices;
    for (const double index : source.numbers("indices")) {
        if (std::floor(index) != index || index < 0 || index > 4294967295.0) {
            failInput("indices", "vertex indices (integers >= 0)", {index}, Mesh::kName);
        }
        indices.push_back(static_cast<std::uint32_t>(index));
    }
    return indices;
}

// The field is built again when any of what it is made from is given; the rest comes from the
// current mesh, whose vertices and indices a new one must be given.
void readShape(const SettingSource& source, const KeyCheck& has, Mesh& mesh) {
    if (has("center")) mesh.center = Vec3(vector3(source, "center"));
    if (has("rotation")) mesh.rotation = readRotation(source, Mesh::kName);
    if (!has("vertices") && !has("indices") && !has("thickness") && !has("resolution") && mesh.field) return;
    const DistanceField* current = mesh.field.get();
    if (!current && !(has("vertices") && has("indices"))) {
        failInput(has("vertices") ? "indices" : "vertices", "given for a new mesh", "none", Mesh::kName);
    }
    std::vector<Vec3> vertices = has("vertices") ? readMeshVertices(source) : current->vertices;
    std::vector<std::uint32_t> indices = has("indices") ? readMeshIndices(source) : current->indices;
    const float thickness = has("thickness") ? real(source, "thickness") : current ? current->thickness : 0.0f;
    int resolution = current ? current->resolution : kDefaultMeshResolution;
    if (has("resolution")) {
        const double given = source.number("resolution");
        if (!(std::floor(given) == given && given >= kMinMeshResolution && given <= kMaxMeshResolution)) {
            failInput("resolution", {"an integer in [", kMinMeshResolution, ", ", kMaxMeshResolution, "]"}, {given}, Mesh::kName);
        }
        resolution = static_cast<int>(given);
    }
    mesh.field = buildDistanceField(std::move(vertices), std::move(indices), thickness, resolution);
}

}  // namespace

void applySettings(const SettingSource& source, ClothSettings& settings) {
    const auto& readers = settingReaders();
    for (const std::string& key : source.keys()) {
        const auto reader = readers.find(key);
        if (reader == readers.end()) {
            std::vector<std::string> known;
            for (const auto& entry : readers) known.push_back(entry.first);
            failWith({"unknown setting '", printable(key), "'; known settings: ", joined(known)});
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

std::uint32_t maxParticleCount() {
    static const std::uint32_t most = [] {
        // The defaults keep the least per particle (red-black with one iteration keeps no
        // multipliers and no per-constraint state; no starting shape or velocities). Memory grows
        // with the columns and with the rows, so one walk finds the largest grid: for each number
        // of columns the most rows that fit, fewer as the columns grow. A long grid holds a few
        // more than a square (191 x 16373 against 1764 x 1764).
        ClothSettings lean;
        std::uint64_t particles = 0;
        lean.rows = kMaxGridSide;
        for (lean.columns = 2; lean.columns <= kMaxGridSide; ++lean.columns) {
            while (lean.rows >= 2 && Cloth::memoryBytes(lean) > Cloth::kMaxClothBytes) --lean.rows;
            if (lean.rows < 2) break;
            particles = std::max(particles, static_cast<std::uint64_t>(lean.particleCount()));
        }
        return static_cast<std::uint32_t>(particles);
    }();
    return most;
}

namespace {

int integerIn(const SettingSource& source, const char* key, int low, int high) {
    const int value = integer(source, key, low, high);
    if (value < low || value > high) failInput(key, {"an integer in [", low, ", ", high, "]"}, {value});
    return value;
}

float realIn(const SettingSource& source, const char* key, float low, float high) {
    const double value = source.number(key);
    if (!std::isfinite(value) || value < low || value > high) failInput(key, {"a number in [", low, ", ", high, "]"}, {value});
    return static_cast<float>(value);
}

Vec3 vectorIn(const SettingSource& source, const char* key, double low, double high) {
    const glm::dvec3 value = vector3(source, key);
    for (int axis = 0; axis < 3; ++axis) {
        if (!std::isfinite(value[axis]) || value[axis] < low || value[axis] > high) {
            failInput(key, {"three numbers, each in [", low, ", ", high, "]"},
                      {"[", value.x, ", ", value.y, ", ", value.z, "]"});
        }
    }
    return Vec3(value);
}

// One entry of `width` numbers per patch, from a flat array; each passed to take(patch, values).
// The length is checked before the array is copied, so a huge one is refused by name.
template <class Take>
void readPerPatch(const SettingSource& source, const char* key, int patches, std::size_t width, Take&& take) {
    const std::size_t expected = width * static_cast<std::size_t>(patches);
    const auto requireLength = [&](std::size_t length) {
        if (length != expected) failInput(key, {width, " numbers per patch (", expected, ")"}, {length, " numbers"});
    };
    requireLength(source.length(key));
    const std::vector<double> flat = source.numbers(key);
    requireLength(flat.size());
    for (int patch = 0; patch < patches; ++patch) take(patch, &flat[width * static_cast<std::size_t>(patch)]);
}

void requireFinite(const char* key, const double* values, std::size_t count, double limit) {
    for (std::size_t i = 0; i < count; ++i) {
        if (!std::isfinite(values[i]) || std::fabs(values[i]) > limit) {
            failInput(key, {"finite numbers, each in [-", limit, ", ", limit, "]"}, {values[i]});
        }
    }
}

}  // namespace

PatchRequest readPatchRequest(const SettingSource& source) {
    const std::vector<std::string> keys = source.keys();
    const KeyCheck has{keys};
    for (const char* gridKey : {"columns", "rows", "width", "height", "orientation", "center", "positions", "velocities"}) {
        if (has(gridKey)) {
            failWith({"'", gridKey, "' is set by createPatches from the layout (patchesAcross, patchesDown, "
                      "patchColumns, patchRows, patchWidth, patchHeight) and the poses; leave it out"});
        }
    }
    const std::vector<std::string>& patchKeys = patchSettingKeys();
    const auto& readers = settingReaders();
    for (const std::string& key : keys) {
        if (std::find(patchKeys.begin(), patchKeys.end(), key) != patchKeys.end() || readers.count(key) > 0) continue;
        std::vector<std::string> clothKeys;
        for (const auto& entry : readers) clothKeys.push_back(entry.first);
        failWith({"unknown setting '", printable(key), "'; createPatches takes ", joined(patchKeys), ", and the cloth settings ",
                  joined(clothKeys)});
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
                               {"patches of ", layout.patchColumns, " x ", layout.patchRows, " particles"},
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
            request.poses[static_cast<std::size_t>(patch)].rotation = rotationFrom(v, "patchRotations", "");
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
        if (!known) failWith({"collider 'type' must be one of ", quotedKindNames(), ", got '", printable(type), "'"});
        if (current && shape.index() != current->shape.index()) {
            failWith("collider 'type' cannot change; remove the collider and add a new one");
        }
    } else if (!current) {
        failWith({"collider 'type' is required: one of ", quotedKindNames()});
    }

    Collider collider = current ? *current : Collider{shape};
    if (has("friction")) collider.friction = real(source, "friction");
    std::visit(
        [&](auto& kind) {
            std::vector<std::string> known{"type"};
            for (const char* key : kind.kKeys) known.emplace_back(key);
            known.push_back("friction");
            requireKnownKeys(keys, known, kind.kName);
            readShape(source, has, kind);
        },
        collider.shape);
    validate(collider);
    return collider;
}

}  // namespace nuno
