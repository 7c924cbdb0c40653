#include "setting_source.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>

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

void readFamily(const SettingSource& source, const std::string& familyName, FamilyStiffness& family) {
    const std::map<std::string, float FamilyStiffness::*> fields = {{"compliance", &FamilyStiffness::compliance},
                                                                   {"stiffness", &FamilyStiffness::stiffness},
                                                                   {"stretch", &FamilyStiffness::stretch},
                                                                   {"shrink", &FamilyStiffness::shrink}};
    for (const std::string& key : source.keys()) {
        const auto field = fields.find(key);
        if (field == fields.end()) {
            fail("unknown setting '" + familyName + "." + key + "'; known: compliance, stiffness, stretch, shrink");
        }
        family.*(field->second) = real(source, key);
    }
}

std::vector<Vec3> points(const SettingSource& source, const std::string& key) {
    const std::vector<double> flat = source.numbers(key);
    if (flat.size() % 3 != 0) fail("'" + key + "' must hold x, y, z for each particle; its length is not a multiple of 3");
    std::vector<Vec3> result(flat.size() / 3);
    for (std::size_t i = 0; i < result.size(); ++i) {
        result[i] = Vec3(static_cast<float>(flat[3 * i]), static_cast<float>(flat[3 * i + 1]),
                         static_cast<float>(flat[3 * i + 2]));
    }
    return result;
}

void readPins(const SettingSource& source, ClothSettings& settings) {
    if (source.isText("pins")) {
        settings.pins = parsePinPreset(source.text("pins"));
        settings.pinnedParticles.clear();
        return;
    }
    settings.pins = PinPreset::Custom;
    settings.pinnedParticles.clear();
    for (double index : source.numbers("pins")) {
        if (std::floor(index) != index || index < 0 || index > 4294967295.0) {
            failInput("pins", "particle indices (integers >= 0)", showNumber(index));
        }
        settings.pinnedParticles.push_back(static_cast<std::uint32_t>(index));
    }
}

using Reader = std::function<void(const SettingSource&, const std::string&, ClothSettings&)>;

const std::map<std::string, Reader>& settingReaders() {
    static const std::map<std::string, Reader> readers = {
        {"columns", [](auto& src, auto& key, auto& s) { s.columns = integer(src, key); }},
        {"rows", [](auto& src, auto& key, auto& s) { s.rows = integer(src, key); }},
        {"width", [](auto& src, auto& key, auto& s) { s.width = real(src, key); }},
        {"height", [](auto& src, auto& key, auto& s) { s.height = real(src, key); }},
        {"orientation", [](auto& src, auto& key, auto& s) { s.orientation = parseOrientation(src.text(key)); }},
        {"center", [](auto& src, auto& key, auto& s) { s.center = Vec3(vector3(src, key)); }},
        {"positions", [](auto& src, auto& key, auto& s) { s.initialPositions = points(src, key); }},
        {"density", [](auto& src, auto& key, auto& s) { s.density = real(src, key); }},
        {"pins", [](auto& src, auto&, auto& s) { readPins(src, s); }},
        {"solver", [](auto& src, auto& key, auto& s) { s.solver = parseSolver(src.text(key)); }},
        {"ordering", [](auto& src, auto& key, auto& s) { s.ordering = parseOrdering(src.text(key)); }},
        {"jacobiRelaxation", [](auto& src, auto& key, auto& s) { s.jacobiRelaxation = real(src, key); }},
        {"substeps", [](auto& src, auto& key, auto& s) { s.substeps = integer(src, key); }},
        {"iterations", [](auto& src, auto& key, auto& s) { s.iterations = integer(src, key); }},
        {"stepSeconds", [](auto& src, auto& key, auto& s) { s.stepSeconds = real(src, key); }},
        {"maxFrameSeconds", [](auto& src, auto& key, auto& s) { s.maxFrameSeconds = real(src, key); }},
        {"gravity", [](auto& src, auto& key, auto& s) { s.gravity = Vec3(vector3(src, key)); }},
        {"damping", [](auto& src, auto& key, auto& s) { s.damping = real(src, key); }},
        {"wind", [](auto& src, auto& key, auto& s) { s.wind = Vec3(vector3(src, key)); }},
        {"windNormalDrag", [](auto& src, auto& key, auto& s) { s.windNormalDrag = real(src, key); }},
        {"windTangentialDrag", [](auto& src, auto& key, auto& s) { s.windTangentialDrag = real(src, key); }},
        {"springConstant", [](auto& src, auto& key, auto& s) { s.springConstant = real(src, key); }},
        {"collisionMargin", [](auto& src, auto& key, auto& s) { s.collisionMargin = real(src, key); }},
        {"structural", [](auto& src, auto& key, auto& s) { readFamily(*src.child(key), key, s.structural); }},
        {"shear", [](auto& src, auto& key, auto& s) { readFamily(*src.child(key), key, s.shear); }},
        {"bending", [](auto& src, auto& key, auto& s) { readFamily(*src.child(key), key, s.bending); }},
    };
    return readers;
}

void requireKnownKeys(const std::vector<std::string>& keys, const std::vector<std::string>& known,
                      const std::string& what) {
    for (const std::string& key : keys) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            fail("unknown " + what + " setting '" + key + "'; known: " + joined(known));
        }
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
            fail("unknown setting '" + key + "'; known settings: " + joined(known));
        }
        reader->second(source, key, settings);
    }
}

Collider readCollider(const SettingSource& source, const Collider* current) {
    const std::vector<std::string> keys = source.keys();
    const auto has = [&](const char* key) { return std::find(keys.begin(), keys.end(), key) != keys.end(); };
    std::string type;
    if (has("type")) {
        type = source.text("type");
    } else if (current) {
        type = std::holds_alternative<Sphere>(current->shape) ? "sphere" : "plane";
    } else {
        fail("collider 'type' is required: 'sphere' or 'plane'");
    }
    if (current && (type == "sphere") != std::holds_alternative<Sphere>(current->shape)) {
        fail("collider 'type' cannot change; remove the collider and add a new one");
    }

    Collider collider = current ? *current : Collider{Sphere{Vec3(0), 0.5f}, 0.5f};
    if (has("friction")) collider.friction = real(source, "friction");
    if (type == "sphere") {
        requireKnownKeys(keys, {"type", "center", "radius", "friction"}, "sphere");
        Sphere sphere = current ? std::get<Sphere>(current->shape) : Sphere{Vec3(0), 0.5f};
        if (has("center")) sphere.center = Vec3(vector3(source, "center"));
        if (has("radius")) sphere.radius = real(source, "radius");
        collider.shape = sphere;
    } else if (type == "plane") {
        requireKnownKeys(keys, {"type", "point", "normal", "friction"}, "plane");
        const Plane previous = current ? std::get<Plane>(current->shape) : Plane{Vec3(0, 1, 0), 0.0f};
        const glm::dvec3 normal = has("normal") ? vector3(source, "normal") : glm::dvec3(previous.normal);
        const glm::dvec3 point =
            has("point") ? vector3(source, "point") : glm::dvec3(previous.normal) * static_cast<double>(previous.offset);
        collider.shape = planeThrough(point, normal);
    } else {
        fail("collider 'type' must be one of 'sphere', 'plane', got '" + type + "'");
    }
    validate(collider);
    return collider;
}

}  // namespace nuno
