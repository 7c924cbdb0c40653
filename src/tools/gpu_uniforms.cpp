// The uniform structs of the GPU passes, written once: each field's name, type and length. From
// this table come the WGSL structs every WebGPU pass is compiled with, the same structs in GLSL
// for the WebGL2 passes (a uniform of struct type, read as substep.gravity in both languages),
// and their byte layout, which one JS writer fills by name for both
// (web/backends/gpu/uniform-layout.js); the WebGL2 passes set their struct's members from those
// bytes (web/backends/webgl2/struct-uniforms.js).
// A field marked as a setting is named as the settings schema names it (the build fails
// otherwise), and the writer takes its value from the cloth's settings: a new run-time setting a
// kernel reads is its schema row, its row here and the kernels, with no offset or uniform
// written by hand anywhere.
//   nuno_gpu_uniforms FILE   writes FILE (dist/gpu-uniforms.js: uniformsWgsl, uniformStructsGlsl, uniformLayouts);
// scripts/build.sh runs it, so the module pays nothing for the generator.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <stdexcept>
#include <string>

#include "colliders.hpp"
#include "settings.hpp"
#include "wind_gusts.hpp"

namespace nuno {
namespace {

enum class UniformType { F32, U32, I32, Vec2i, Vec3f, Vec4f };

struct UniformTypeInfo {
    const char* wgsl;
    const char* glsl;
    const char* scalar;  // the typed array JS writes it through: f32, u32 or i32
    int components;
    int alignment;  // bytes, WGSL's uniform address space
    int size;
};

UniformTypeInfo infoOf(UniformType type) {
    switch (type) {
        case UniformType::F32: return {"f32", "float", "f32", 1, 4, 4};
        case UniformType::U32: return {"u32", "uint", "u32", 1, 4, 4};
        case UniformType::I32: return {"i32", "int", "i32", 1, 4, 4};
        case UniformType::Vec2i: return {"vec2i", "ivec2", "i32", 2, 8, 8};
        case UniformType::Vec3f: return {"vec3f", "vec3", "f32", 3, 16, 12};
        case UniformType::Vec4f: return {"vec4f", "vec4", "f32", 4, 16, 16};
    }
    throw std::logic_error("nuno: an unknown uniform type");
}

enum class Source { Setting, Step };

struct UniformField {
    const char* name;
    UniformType type;
    int length;  // 0: one value; otherwise an array of this many (stride 16 bytes: vec4f only)
    Source source;
    const char* comment;
};

struct UniformBlock {
    const char* name;      // the WGSL struct and the GLSL block
    const char* instance;  // how shaders name it: the WGSL variable and the GLSL block's instance
    const UniformField* fields;
    std::size_t count;

    const UniformField* begin() const { return fields; }
    const UniformField* end() const { return fields + count; }
};

constexpr UniformType kF32 = UniformType::F32;
constexpr UniformType kU32 = UniformType::U32;

// What a substep reads (group 1).
constexpr UniformField kSubstepFields[] = {
    {"gravity", UniformType::Vec3f, 0, Source::Setting, "m/s^2"},
    {"substepSeconds", kF32, 0, Source::Step, ""},
    {"wind", UniformType::Vec3f, 0, Source::Setting, "m/s"},
    {"keep", kF32, 0, Source::Step, "exp(-damping h): the share of the velocity damping leaves"},
    {"normalDragShare", kF32, 0, Source::Step, "1 - exp(-normal drag h)"},
    {"tangentialDragShare", kF32, 0, Source::Step, "1 - exp(-tangential drag h)"},
    {"collisionMargin", kF32, 0, Source::Setting, "metres from a collider's surface"},
    {"colliderCount", kU32, 0, Source::Step, ""},
    {"gridSize", UniformType::Vec2i, 0, Source::Step, "columns, rows"},
    {"patchSize", UniformType::Vec2i, 0, Source::Step, "of one patch: the grid's own when it is one cloth"},
    {"gusts", kU32, 0, Source::Step, "1 when gustWaves hold this substep's waves"},
    {"particleCount", kU32, 0, Source::Step, ""},
    {"selfCollisionThickness", kF32, 0, Source::Setting, "metres: 0 when self-collision is off"},
    {"selfCollisionFriction", kF32, 0, Source::Setting, ""},
    {"attachedCount", kU32, 0, Source::Step, "particles attached (attachments.hpp): the attach pass's"},
    {"attachProgress", kF32, 0, Source::Step, "the share of the call's time passed when the substep ends"},
    {"attachInverseSeconds", kF32, 0, Source::Step, "1 / the call's seconds"},
    {"readsApproach", kU32, 0, Source::Step, "1 in a step's last substep, whose fastest approach is read back"},
    {"gustWaves", UniformType::Vec4f, 2 * kGustWaves, Source::Step, "(wavevector rad/m, phase rad), (amplitude m/s, 0) a wave"},
    {"colliderKindFrictionDepenetration", UniformType::Vec4f, kMaxGpuColliders, Source::Step,
     "kind code, friction, depenetration metres (the core's depenetrationMetres), 0"},
    {"colliderShapes", UniformType::Vec4f, kMaxGpuColliders * kColliderShapeVec4s, Source::Step,
     "as the core's packForGpu writes them"},
};

// What one stage of a substep reads (group 2).
constexpr UniformField kStageFields[] = {
    {"offset", UniformType::Vec2i, 0, Source::Step, "from a pair's first particle to its second"},
    {"direction", kU32, 0, Source::Step, "[0, DIRECTION_COUNT)"},
    {"colourAxis", kU32, 0, Source::Step, "0: colour from the start column, 1: from the start row"},
    {"colourPeriod", UniformType::I32, 0, Source::Step, "1, or 2 for the skip-one (period-4) pattern"},
    {"colour", kU32, 0, Source::Step, ""},
    {"solver", kU32, 0, Source::Step, "SOLVER_MASS_SPRING, SOLVER_PBD or SOLVER_XPBD"},
    {"firstIteration", kU32, 0, Source::Step, "1: XPBD multipliers start at zero"},
    {"rule", UniformType::Vec4f, 0, Source::Step, "alpha~ (compliance / h^2), stiffness, stretch gain, shrink gain"},
    {"bucketLayer", kU32, 0, Source::Step, "the self-collision bucket pass: the layer it fills"},
};

constexpr UniformBlock kSubstep{"Substep", "substep", kSubstepFields, std::size(kSubstepFields)};
constexpr UniformBlock kStage{"Stage", "stage", kStageFields, std::size(kStageFields)};

int roundUp(int bytes, int alignment) { return (bytes + alignment - 1) / alignment * alignment; }

// Calls visit(field, offset) in order; returns the block's size, rounded to 16 as a uniform
// buffer's struct is.
template <class Visit>
int layOut(const UniformBlock& block, Visit&& visit) {
    int offset = 0;
    for (const UniformField& field : block) {
        const UniformTypeInfo info = infoOf(field.type);
        if (field.length > 0 && field.type != UniformType::Vec4f) {
            throw std::logic_error(std::string("nuno: uniform array '") + field.name + "' must be of vec4f (stride 16)");
        }
        if (field.source == Source::Setting) {
            const std::vector<SettingInfo>& schema = settingsSchema();
            const bool known = std::any_of(schema.begin(), schema.end(),
                                           [&field](const SettingInfo& setting) { return setting.name == field.name; });
            if (!known) throw std::logic_error(std::string("nuno: uniform '") + field.name + "' names no setting");
        }
        offset = roundUp(offset, info.alignment);
        visit(field, offset);
        offset += field.length > 0 ? field.length * info.size : info.size;
    }
    return roundUp(offset, 16);
}

std::string structWgsl(const UniformBlock& block) {
    std::string source = std::string("struct ") + block.name + " {\n";
    layOut(block, [&source](const UniformField& field, int) {
        const std::string type = infoOf(field.type).wgsl;
        source += "    " + std::string(field.name) + ": " +
                  (field.length > 0 ? "array<" + type + ", " + std::to_string(field.length) + ">" : type) + ",";
        if (field.comment[0] != '\0') source += "  // " + std::string(field.comment);
        source += "\n";
    });
    return source + "}\n";
}

// As a GLSL ES 3.00 struct and a uniform of that type named as WGSL names it (substep.gravity):
// not a uniform block, whose buffer binding points the page's own renderer (three.js) may hold.
// Every member highp so a vertex and a fragment stage would declare it alike.
std::string structGlsl(const UniformBlock& block) {
    std::string source = std::string("struct ") + block.name + " {\n";
    layOut(block, [&source](const UniformField& field, int) {
        source += "    highp " + std::string(infoOf(field.type).glsl) + " " + field.name +
                  (field.length > 0 ? "[" + std::to_string(field.length) + "]" : "") + ";";
        if (field.comment[0] != '\0') source += "  // " + std::string(field.comment);
        source += "\n";
    });
    return source + "};\nuniform " + block.name + " " + block.instance + ";\n";
}

// {bytes, fields: {name: {offset, scalar, components, length, setting}}}
nlohmann::json layoutJson(const UniformBlock& block) {
    nlohmann::json fields = nlohmann::json::object();
    const int bytes = layOut(block, [&fields](const UniformField& field, int offset) {
        const UniformTypeInfo info = infoOf(field.type);
        fields[field.name] = {{"offset", offset},
                              {"scalar", info.scalar},
                              {"components", info.components},
                              {"length", field.length},
                              {"setting", field.source == Source::Setting}};
    });
    return {{"bytes", bytes}, {"fields", fields}};
}

std::string uniformsModule() {
    const std::string wgsl = "// Generated from the core's uniform table (src/tools/gpu_uniforms.cpp).\n" +
                             structWgsl(kSubstep) + "\n" + structWgsl(kStage);
    // Apart: each pass declares only the structs it reads.
    const nlohmann::json glsl = {{kSubstep.name, structGlsl(kSubstep)}, {kStage.name, structGlsl(kStage)}};
    const nlohmann::json layouts = {{"substep", layoutJson(kSubstep)}, {"stage", layoutJson(kStage)}};
    return "// Generated by nuno_gpu_uniforms (src/tools/gpu_uniforms.cpp) at build time: do not edit.\n"
           "/** The WebGPU passes' uniform structs, as WGSL. */\n"
           "export const uniformsWgsl = " +
           nlohmann::json(wgsl).dump() +
           ";\n"
           "/** The same structs for the WebGL2 passes, as GLSL uniforms of struct type, by name. */\n"
           "export const uniformStructsGlsl = " +
           glsl.dump(2) +
           ";\n"
           "/** @type {{substep: import('../web/backends/gpu/gpu-constants.js').UniformLayout, stage: import('../web/backends/gpu/gpu-constants.js').UniformLayout}} */\n"
           "export const uniformLayouts = " +
           layouts.dump(2) + ";\n";
}

}  // namespace
}  // namespace nuno

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: nuno_gpu_uniforms dist/gpu-uniforms.js\n";
        return 2;
    }
    try {
        const std::string module = nuno::uniformsModule();
        std::ofstream out(argv[1], std::ios::binary);
        out << module;
        if (!out) throw std::runtime_error(std::string("cannot write ") + argv[1]);
        return 0;
    } catch (const std::exception& error) {
        std::cerr << "nuno_gpu_uniforms: " << error.what() << "\n";
        return 2;
    }
}
