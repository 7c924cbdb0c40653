// Four floats worked on lane by lane, so the step's stages work on four particles (or four
// constraints of one colour) at once. Natively this is SSE; Emscripten maps the same SSE
// intrinsics onto WebAssembly SIMD (-msimd128 -msse). Every operation here is IEEE single
// precision in each lane, exactly the scalar operation, so a formula written once as a template
// (projection.hpp, normals.cpp, collider_geometry.hpp), or for Float4 after a scalar one
// (predict.cpp, collide.cpp), rounds the same on Float4 as on float, natively and in wasm. The files that include this are the ones built with SIMD (CMakeLists.txt); the
// rest of the wasm build stays free of SIMD instructions. Everything here is always inlined: a
// call would cost more than the lane operation it makes.
#pragma once

#include <xmmintrin.h>

#include "math.hpp"

namespace nuno {

// Lanes that pass a test: all bits set where it holds, clear where not.
struct Mask4 {
    __m128 bits;
};

struct Float4 {
    __m128 lanes;

    Float4() = default;
    Float4(__m128 values) : lanes(values) {}
    explicit Float4(float every) : lanes(_mm_set1_ps(every)) {}

    [[gnu::always_inline]] static Float4 load(const float* from) { return _mm_loadu_ps(from); }
    [[gnu::always_inline]] void store(float* to) const { _mm_storeu_ps(to, lanes); }
};

[[gnu::always_inline]] inline Float4 operator+(Float4 a, Float4 b) { return _mm_add_ps(a.lanes, b.lanes); }
[[gnu::always_inline]] inline Float4 operator-(Float4 a, Float4 b) { return _mm_sub_ps(a.lanes, b.lanes); }
[[gnu::always_inline]] inline Float4 operator*(Float4 a, Float4 b) { return _mm_mul_ps(a.lanes, b.lanes); }
[[gnu::always_inline]] inline Float4 operator/(Float4 a, Float4 b) { return _mm_div_ps(a.lanes, b.lanes); }
// Flips the sign bit, as the scalar unary minus does.
[[gnu::always_inline]] inline Float4 operator-(Float4 a) { return _mm_xor_ps(a.lanes, _mm_set1_ps(-0.0f)); }
[[gnu::always_inline]] inline Float4& operator+=(Float4& a, Float4 b) { return a = a + b; }
[[gnu::always_inline]] inline Float4 sqrt(Float4 a) { return _mm_sqrt_ps(a.lanes); }

[[gnu::always_inline]] inline Mask4 operator<(Float4 a, Float4 b) { return {_mm_cmplt_ps(a.lanes, b.lanes)}; }
[[gnu::always_inline]] inline Mask4 operator<=(Float4 a, Float4 b) { return {_mm_cmple_ps(a.lanes, b.lanes)}; }
[[gnu::always_inline]] inline Mask4 operator>(Float4 a, Float4 b) { return {_mm_cmpgt_ps(a.lanes, b.lanes)}; }
[[gnu::always_inline]] inline Mask4 operator>=(Float4 a, Float4 b) { return {_mm_cmpge_ps(a.lanes, b.lanes)}; }
[[gnu::always_inline]] inline Mask4 operator!=(Float4 a, Float4 b) { return {_mm_cmpneq_ps(a.lanes, b.lanes)}; }
[[gnu::always_inline]] inline Mask4 operator&&(Mask4 a, Mask4 b) { return {_mm_and_ps(a.bits, b.bits)}; }
[[gnu::always_inline]] inline Mask4 operator||(Mask4 a, Mask4 b) { return {_mm_or_ps(a.bits, b.bits)}; }
// Where a test fails, NaN included: !(a >= b) is the scalar `if (a >= b) ... else` else-branch.
[[gnu::always_inline]] inline Mask4 operator!(Mask4 a) {
    const __m128 zero = _mm_setzero_ps();
    return {_mm_xor_ps(a.bits, _mm_cmpeq_ps(zero, zero))};
}

// Per lane, the scalar `holds ? whenTrue : whenFalse`.
[[gnu::always_inline]] inline Float4 select(Mask4 holds, Float4 whenTrue, Float4 whenFalse) {
    return _mm_or_ps(_mm_and_ps(holds.bits, whenTrue.lanes), _mm_andnot_ps(holds.bits, whenFalse.lanes));
}

// As glm computes them for a float: min(x, y) = y < x ? y : x, max(x, y) = x < y ? y : x (so
// the same operand is kept for equal values and NaN), abs(x) = x >= 0 ? x : -x.
[[gnu::always_inline]] inline Float4 min(Float4 x, Float4 y) { return _mm_min_ps(y.lanes, x.lanes); }
[[gnu::always_inline]] inline Float4 max(Float4 x, Float4 y) { return _mm_max_ps(y.lanes, x.lanes); }
[[gnu::always_inline]] inline Float4 clamp(Float4 x, Float4 low, Float4 high) { return min(max(x, low), high); }
[[gnu::always_inline]] inline Float4 abs(Float4 x) { return select(x >= Float4(0.0f), x, -x); }

// floor(x) for 0 <= x < 2^23, as SSE before 4.1 has none: adding and taking away 2^23 rounds x
// to a whole number, one too high where it rounded up.
[[gnu::always_inline]] inline Float4 floorOfSmall(Float4 x) {
    const Float4 big(8388608.0f);
    const Float4 rounded = (x + big) - big;
    return rounded - select(rounded > x, Float4(1.0f), Float4(0.0f));
}

// Rearranging lanes between two registers a = (a0 a1 a2 a3), b = (b0 b1 b2 b3).
// a0 a2 b0 b2
[[gnu::always_inline]] inline Float4 evenLanes(Float4 a, Float4 b) {
    return _mm_shuffle_ps(a.lanes, b.lanes, _MM_SHUFFLE(2, 0, 2, 0));
}
// a1 a3 b1 b3
[[gnu::always_inline]] inline Float4 oddLanes(Float4 a, Float4 b) {
    return _mm_shuffle_ps(a.lanes, b.lanes, _MM_SHUFFLE(3, 1, 3, 1));
}
// a0 b0 a1 b1
[[gnu::always_inline]] inline Float4 interleaveLow(Float4 a, Float4 b) { return _mm_unpacklo_ps(a.lanes, b.lanes); }
// a2 b2 a3 b3
[[gnu::always_inline]] inline Float4 interleaveHigh(Float4 a, Float4 b) { return _mm_unpackhi_ps(a.lanes, b.lanes); }

// The mask of no lane; whether a test holds in all four lanes, in any.
[[gnu::always_inline]] inline Mask4 noLanes() { return {_mm_setzero_ps()}; }
[[gnu::always_inline]] inline bool every(Mask4 lanes) { return _mm_movemask_ps(lanes.bits) == 0xF; }
[[gnu::always_inline]] inline bool any(Mask4 lanes) { return _mm_movemask_ps(lanes.bits) != 0; }

// Four particles' positions (or any vectors), an axis per register.
struct Float4x3 {
    Float4 x, y, z;

    Float4x3() = default;
    Float4x3(Float4 x, Float4 y, Float4 z) : x(x), y(y), z(z) {}
    explicit Float4x3(Float4 every) : x(every), y(every), z(every) {}
    explicit Float4x3(const Vec3& every) : x(every.x), y(every.y), z(every.z) {}
};
[[gnu::always_inline]] inline Float4x3 operator+(const Float4x3& a, const Float4x3& b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
[[gnu::always_inline]] inline Float4x3 operator-(const Float4x3& a, const Float4x3& b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
[[gnu::always_inline]] inline Float4x3 operator*(const Float4x3& a, Float4 scale) {
    return {a.x * scale, a.y * scale, a.z * scale};
}
// Axis by axis, as glm's vec3 * vec3.
[[gnu::always_inline]] inline Float4x3 operator*(const Float4x3& a, const Float4x3& b) {
    return {a.x * b.x, a.y * b.y, a.z * b.z};
}
[[gnu::always_inline]] inline Float4x3 operator/(const Float4x3& a, Float4 divisor) {
    return {a.x / divisor, a.y / divisor, a.z / divisor};
}
[[gnu::always_inline]] inline Float4x3& operator+=(Float4x3& a, const Float4x3& b) { return a = a + b; }
[[gnu::always_inline]] inline Float4x3 select(Mask4 holds, const Float4x3& whenTrue, const Float4x3& whenFalse) {
    return {select(holds, whenTrue.x, whenFalse.x), select(holds, whenTrue.y, whenFalse.y),
            select(holds, whenTrue.z, whenFalse.z)};
}
[[gnu::always_inline]] inline Float4x3 clamp(const Float4x3& a, const Float4x3& low, const Float4x3& high) {
    return {clamp(a.x, low.x, high.x), clamp(a.y, low.y, high.y), clamp(a.z, low.z, high.z)};
}
[[gnu::always_inline]] inline Float4x3 abs(const Float4x3& a) { return {abs(a.x), abs(a.y), abs(a.z)}; }
// As glm::dot and glm::length compute them for vec3: dot sums (x + y) + z.
[[gnu::always_inline]] inline Float4 dot(const Float4x3& a, const Float4x3& b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
[[gnu::always_inline]] inline Float4 lengthOf(const Float4x3& a) { return sqrt(dot(a, a)); }
// As glm::cross computes it.
[[gnu::always_inline]] inline Float4x3 cross(const Float4x3& a, const Float4x3& b) {
    return {a.y * b.z - b.y * a.z, a.z * b.x - b.z * a.x, a.x * b.y - b.x * a.y};
}

}  // namespace nuno
