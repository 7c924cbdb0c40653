#include "js_values.hpp"

#include <cxxabi.h>
#include <emscripten/bind.h>

#include <algorithm>
#include <stdexcept>

#include "js_setting_source.hpp"
#include "patches.hpp"

namespace nuno {

using emscripten::val;

[[noreturn]] void throwJsError(const char* message) { val::global("Error").new_(val(message)).throw_(); }

void runGuarded(void (*run)(void* body), void* body) {
    try {
        run(body);
    } catch (const std::exception& error) {
        throwJsError(error.what());
#ifdef __EMSCRIPTEN_PTHREADS__
    } catch (...) {
        throwJsError(currentExceptionMessage().c_str());
#endif
    }
}

#ifdef __EMSCRIPTEN_PTHREADS__
// The message of the exception being handled. In the threaded module (Emscripten 3.1.6,
// -pthread with wasm exceptions) a catch by type never matches: the compiler's landing pads
// read the unwinder's selector as a plain global where libunwind keeps it thread-local, so only
// catch (...) runs there. Everything the core throws is a std::exception with it as its first
// base (std::invalid_argument, std::bad_alloc, std::length_error), so the object the exception
// holds starts with one.
std::string currentExceptionMessage() {
    void* thrown = abi::__cxa_current_primary_exception();
    if (thrown == nullptr) return "nuno: an unknown error";
    std::string message = static_cast<const std::exception*>(thrown)->what();
    abi::__cxa_decrement_exception_refcount(thrown);
    return message;
}
#endif

namespace {

val vec3ToJs(const Vec3& v) {
    val array = val::array();
    array.call<void>("push", v.x, v.y, v.z);
    return array;
}

// One writer per kind of setting, so settingsToJs can be made from the schema.
val toJs(int value, const ClothSettings&) { return val(value); }
val toJs(float value, const ClothSettings&) { return val(value); }
val toJs(const Vec3& value, const ClothSettings&) { return vec3ToJs(value); }
template <class Choice, std::enable_if_t<std::is_enum_v<Choice>, int> = 0>
val toJs(Choice choice, const ClothSettings&) {
    return val(nameOf(choice));
}
// Custom pins are the indices.
val toJs(PinPreset pins, const ClothSettings& s) {
    if (pins != PinPreset::Custom) return val(nameOf(pins));
    val indices = val::array();
    for (std::uint32_t index : s.pinnedParticles) indices.call<void>("push", index);
    return indices;
}
val toJs(const FamilyStiffness& family, const ClothSettings&) {
    val object = val::object();
#define NUNO_FAMILY_FIELD_TO_JS(field, defaultValue, low, high, unit, summary) object.set(#field, family.field);
    NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_TO_JS)
#undef NUNO_FAMILY_FIELD_TO_JS
    return object;
}

// The starting shape is not written back: the caller has it, and every settings() call would
// copy the whole grid.
template <class Type>
void setSetting(val& object, const char* key, const Type& value, const ClothSettings& s) {
    if constexpr (!std::is_same_v<Type, std::vector<Vec3>>) object.set(key, toJs(value, s));
}

const char* kindName(SettingKind kind) {
    switch (kind) {
        case SettingKind::Integer: return "integer";
        case SettingKind::Number: return "number";
        case SettingKind::Vector: return "vector";
        case SettingKind::Choice: return "choice";
        case SettingKind::Pins: return "pins";
        case SettingKind::Points: return "points";
        case SettingKind::Family: return "family";
    }
    return "?";
}

// Each kind's fields as readCollider takes them back (planes as normal and offset).
void setShapeFields(val& object, const Sphere& sphere) {
    object.set("center", vec3ToJs(sphere.center));
    object.set("radius", sphere.radius);
}
void setShapeFields(val& object, const Plane& plane) {
    object.set("normal", vec3ToJs(plane.normal));
    object.set("offset", plane.offset);
}
void setShapeFields(val& object, const Capsule& capsule) {
    object.set("start", vec3ToJs(capsule.start));
    object.set("end", vec3ToJs(capsule.end));
    object.set("radius", capsule.radius);
}
void setShapeFields(val& object, const Box& box) {
    object.set("center", vec3ToJs(box.center));
    object.set("halfExtents", vec3ToJs(box.halfExtents));
    val rotation = val::array();
    for (int i = 0; i < 4; ++i) rotation.call<void>("push", box.rotation[i]);
    object.set("rotation", rotation);
}

void setShapeFields(val& object, const Mesh& mesh) {
    object.set("center", vec3ToJs(mesh.center));
    val rotation = val::array();
    for (int i = 0; i < 4; ++i) rotation.call<void>("push", mesh.rotation[i]);
    object.set("rotation", rotation);
    const DistanceField& field = *mesh.field;
    object.set("vertices", val::global("Float32Array").new_(emscripten::typed_memory_view(3 * field.vertices.size(), &field.vertices[0].x)));
    object.set("indices", typedArrayOf(field.indices));
    object.set("thickness", field.thickness);
    object.set("resolution", field.resolution);
}

}  // namespace

val settingsToJs(const ClothSettings& s) {
    val object = val::object();
#define NUNO_SETTING_TO_JS(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    setSetting(object, key, s.field, s);
    NUNO_SETTINGS(NUNO_SETTING_TO_JS)
#undef NUNO_SETTING_TO_JS
    return object;
}

val settingsSchemaToJs() {
    val list = val::array();
    for (const SettingInfo& info : settingsSchema()) {
        val entry = val::object();
        entry.set("name", val(info.name));
        entry.set("kind", val(kindName(info.kind)));
        entry.set("low", info.low);
        entry.set("high", info.high);
        entry.set("open", info.open);
        entry.set("lowSetting", val(info.lowSetting));
        entry.set("highSetting", val(info.highSetting));
        entry.set("scope", val(info.scope == Scope::Grid ? "grid" : "run-time"));
        val choices = val::array();
        for (const std::string& choice : info.choices) choices.call<void>("push", val(choice));
        entry.set("choices", choices);
        list.call<void>("push", entry);
    }
    return list;
}

val colliderToJs(std::uint32_t id, const Collider& collider) {
    val object = val::object();
    object.set("id", id);
    object.set("type", val(kindName(collider.shape)));
    std::visit([&object](const auto& shape) { setShapeFields(object, shape); }, collider.shape);
    object.set("friction", collider.friction);
    return object;
}

val directions() {
    val list = val::array();
    for (int d = 0; d < kDirectionCount; ++d) {
        const DirectionInfo& info = infoOf(static_cast<Direction>(d));
        val entry = val::object();
        val offset = val::array();
        offset.call<void>("push", info.offset.columns, info.offset.rows);
        entry.set("offset", offset);
        entry.set("family", val(familyName(info.family)));
        entry.set("colourAxis", val(info.colourAxis == ColourAxis::Column ? "column" : "row"));
        entry.set("colourPeriod", info.colourPeriod);
        list.call<void>("push", entry);
    }
    return list;
}

Family parseFamily(const std::string& name) {
    for (Family family : {Family::Structural, Family::Shear, Family::Bending}) {
        if (name == familyName(family)) return family;
    }
    failWith({"'family' must be one of 'structural', 'shear', 'bending', got '", name, "'"});
}

ClothSettings settingsFrom(const val& object) {
    ClothSettings settings;
    applySettings(JsSettingSource(object, "settings"), settings);
    return settings;
}

// createPatches' settings in, createCloth's out: the layout and poses read (patch keys), the
// grid they make (columns, rows, patch sides, width, height, positions, velocities) added to
// every other key, which passes through untouched for createCloth to read.
val placePatchesToJs(const val& options) {
    return guarded([&] {
        const JsSettingSource source(options, "settings");
        const PatchRequest request = readPatchRequest(source);
        ClothSettings placed;
        placePatches(request.layout, request.poses, placed);
        val settings = val::object();
        const std::vector<std::string>& patchKeys = patchSettingKeys();
        bool pinsGiven = false;
        for (const std::string& key : source.keys()) {
            if (std::find(patchKeys.begin(), patchKeys.end(), key) == patchKeys.end()) settings.set(key, options[key]);
            pinsGiven = pinsGiven || key == "pins";
        }
        settings.set("columns", placed.columns);
        settings.set("rows", placed.rows);
        settings.set("patchColumns", placed.patchColumns);
        settings.set("patchRows", placed.patchRows);
        settings.set("width", placed.width);
        settings.set("height", placed.height);
        const auto copied = [](const std::vector<Vec3>& points) {
            return val::global("Float32Array").new_(emscripten::typed_memory_view(points.size() * 3, &points.data()->x));
        };
        // Papers fly free unless pins are asked for (the grid's own default pins its top edge).
        if (!pinsGiven) settings.set("pins", val("none"));
        settings.set("positions", copied(placed.initialPositions));
        settings.set("velocities", copied(placed.initialVelocities));
        return settings;
    });
}

}  // namespace nuno
