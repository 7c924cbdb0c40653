// The numbers the GPU solver shares with the core, taken from the core's own enums and
// constants: solver and collider kind codes, the collider limit and the rest-length layout.
// JS reads them as an object (gpuConstants), every WebGL2 solver shader gets them as #defines
// (gpuConstantsGlsl) and the WebGPU compute passes as consts (gpuConstantsWgsl), so neither the
// JS nor a shader writes one of them down.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cctype>
#include <string>

#include "colliders.hpp"
#include "settings.hpp"
#include "topology.hpp"
#include "untangle.hpp"
#include "wind_gusts.hpp"

namespace nuno {
namespace {

using emscripten::val;

// Rest lengths go to the GPU as RGBA texels: a channel per direction, as many texels per
// particle as kRestLengthsPerParticle needs.
constexpr int kRestLengthChannels = 4;
constexpr int kRestLengthTextures = kRestLengthsPerParticle / kRestLengthChannels;
static_assert(kRestLengthTextures * kRestLengthChannels == kRestLengthsPerParticle, "whole texels per particle");
static_assert(kRestLengthsPerParticle >= kDirectionCount, "a rest length per direction");

struct NamedCode {
    const char* jsName;    // as settings and collider descriptions spell it
    const char* glslName;  // the #define
    int code;
};

constexpr NamedCode kSolverKinds[] = {
    {"mass-spring", "SOLVER_MASS_SPRING", static_cast<int>(SolverKind::MassSpring)},
    {"pbd", "SOLVER_PBD", static_cast<int>(SolverKind::Pbd)},
    {"xpbd", "SOLVER_XPBD", static_cast<int>(SolverKind::Xpbd)},
};

// Collider kinds are the shapes of ColliderShape: code = index, #define COLLIDER_<NAME>.
template <class Visit>
void forEachColliderCode(Visit&& visit) {
    int code = 0;
    forEachColliderKind([&](const auto& kind) { visit(kind.kName, code++); });
}

std::string colliderDefine(const char* kindName) {
    std::string name = std::string("COLLIDER_") + kindName;
    for (char& letter : name) letter = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    return name;
}

struct NamedLimit {
    const char* jsName;
    const char* glslName;
    int value;
};

constexpr NamedLimit kLimits[] = {
    {"maxColliders", "MAX_COLLIDERS", kMaxGpuColliders},
    {"colliderShapeVec4s", "COLLIDER_SHAPE_VEC4S", kColliderShapeVec4s},
    {"directionCount", "DIRECTION_COUNT", kDirectionCount},
    {"restLengthsPerParticle", "REST_LENGTHS_PER_PARTICLE", kRestLengthsPerParticle},
    {"restLengthChannels", "REST_LENGTH_CHANNELS", kRestLengthChannels},
    {"restLengthTextures", "REST_LENGTH_TEXTURES", kRestLengthTextures},
    {"gustWaves", "GUST_WAVES", kGustWaves},
    {"contactPasses", "CONTACT_PASSES", kContactPasses},
    {"tangleHeld", "TANGLE_HELD", Untangling::kHeld},
};

template <std::size_t Count>
val codesToJs(const NamedCode (&codes)[Count]) {
    val object = val::object();
    for (const NamedCode& entry : codes) object.set(entry.jsName, entry.code);
    return object;
}

// {solverKinds: {'mass-spring': 0, ...}, colliderKinds: {sphere: 0, ...}, maxColliders, ...}
val gpuConstants() {
    val object = val::object();
    object.set("solverKinds", codesToJs(kSolverKinds));
    val colliderKinds = val::object();
    forEachColliderCode([&colliderKinds](const char* name, int code) { colliderKinds.set(name, code); });
    object.set("colliderKinds", colliderKinds);
    for (const NamedLimit& limit : kLimits) object.set(limit.jsName, limit.value);
    return object;
}

// The same numbers as shader source, one a line: before, the name, between, the value, after.
std::string constantsSource(const char* language, const char* before, const char* between, const char* after) {
    std::string source = std::string("// Generated from the core's tables (src/bindings/gpu_constants.cpp) for ") + language + ".\n";
    const auto add = [&](const std::string& name, int value) {
        source.append(before).append(name).append(between).append(std::to_string(value)).append(after);
    };
    for (const NamedCode& entry : kSolverKinds) add(entry.glslName, entry.code);
    forEachColliderCode([&add](const char* name, int code) { add(colliderDefine(name), code); });
    for (const NamedLimit& limit : kLimits) add(limit.glslName, limit.value);
    return source;
}

std::string gpuConstantsGlsl() { return constantsSource("GLSL", "#define ", " ", "\n"); }

// Abstract integers in WGSL: each takes the type (i32 or u32) of the expression it meets.
std::string gpuConstantsWgsl() { return constantsSource("WGSL", "const ", " = ", ";\n"); }

}  // namespace
}  // namespace nuno

EMSCRIPTEN_BINDINGS(nuno_gpu_constants) {
    emscripten::function("gpuConstants", &nuno::gpuConstants);
    emscripten::function("gpuConstantsGlsl", &nuno::gpuConstantsGlsl);
    emscripten::function("gpuConstantsWgsl", &nuno::gpuConstantsWgsl);
}
