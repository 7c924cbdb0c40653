// What the bindings share: the error boundary every entry point runs inside, and the
// conversions between the core's plain data and JS values.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "colliders.hpp"
#include "settings.hpp"
#include "topology.hpp"

namespace nuno {

[[noreturn]] void throwJsError(const char* message);

#ifdef __EMSCRIPTEN_PTHREADS__
// The message of the exception being handled (js_values.cpp says why the threaded module needs it).
std::string currentExceptionMessage();
#endif

// Calls run(body) inside the one try and catch of the bindings (guarded's).
void runGuarded(void (*run)(void* body), void* body);

// Runs body, turning a C++ exception into a JS Error carrying its message, so JS callers never
// see a raw wasm exception. The catch is runGuarded's alone: one per entry point was about 100
// bytes each of the wasm module.
template <class Body>
auto guarded(Body&& body) -> decltype(body()) {
    using Result = decltype(body());
    if constexpr (std::is_void_v<Result>) {
        runGuarded([](void* run) { (*static_cast<std::remove_reference_t<Body>*>(run))(); }, &body);
    } else if constexpr (std::is_default_constructible_v<Result>) {
        Result result{};
        auto keep = [&] { result = body(); };
        runGuarded([](void* run) { (*static_cast<decltype(keep)*>(run))(); }, &keep);
        return result;
    } else {
        std::optional<Result> result;
        auto keep = [&] { result.emplace(body()); };
        runGuarded([](void* run) { (*static_cast<decltype(keep)*>(run))(); }, &keep);
        return std::move(*result);
    }
}

// A copy of numbers as a JS Float32Array, Int32Array or Uint32Array, owned by JS.
template <class Number>
emscripten::val typedArrayOf(const std::vector<Number>& numbers) {
    static_assert(std::is_same_v<Number, float> || std::is_same_v<Number, int> || std::is_same_v<Number, std::uint32_t>);
    const char* type = std::is_same_v<Number, float> ? "Float32Array" : std::is_same_v<Number, int> ? "Int32Array" : "Uint32Array";
    return emscripten::val::global(type).new_(emscripten::typed_memory_view(numbers.size(), numbers.data()));
}

emscripten::val settingsToJs(const ClothSettings& settings);
ClothSettings settingsFrom(const emscripten::val& object);
// The schema as plain objects: {name, kind, low, high, open, lowSetting, highSetting, scope,
// choices}, for tests that go through every setting.
emscripten::val settingsSchemaToJs();
// {id, type, ...the kind's fields, friction}, as readCollider takes them back.
emscripten::val colliderToJs(std::uint32_t id, const Collider& collider);
// The constraint directions in solving order, with their colouring: what the GPU passes need.
emscripten::val directions();
// Throws naming 'family' unless it is 'structural', 'shear' or 'bending'.
Family parseFamily(const std::string& name);
// createPatches' settings in, createCloth's out (js_values.cpp).
emscripten::val placePatchesToJs(const emscripten::val& options);

}  // namespace nuno
