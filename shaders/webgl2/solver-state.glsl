// Shared by the solver passes: reading and writing particle state.
//
// On the float path a vector is one RGBA32F texel. On the half path (devices without float
// render targets) it is split over two RGBA16F textures: high is the value rounded to half
// precision and low the remainder, so high + low keeps about 22 significant bits where a lone
// half keeps 11 (a millimetre at 1 m, which visibly jitters and loses momentum).
// SPLIT_HALF (0 or 1) is defined when the pass is compiled, as is PATCHES (below).

precision highp float;
precision highp int;
precision highp sampler2D;

uniform ivec2 uGridSize;   // columns, rows
uniform ivec2 uPatchSize;  // columns, rows of one patch: the grid's own when it is one cloth

vec3 fetchVector(sampler2D high, sampler2D low, ivec2 texel) {
#if SPLIT_HALF
    return texelFetch(high, texel, 0).xyz + texelFetch(low, texel, 0).xyz;
#else
    return texelFetch(high, texel, 0).xyz;
#endif
}

// The split is built from integer bit operations, never from unpackHalf2x16(packHalf2x16(v)):
// a compiler may fold that pair to v (NVIDIA's does), which left low at 0 and let the render
// target round high toward zero. Each part is made exactly representable in half precision
// before it is written, so what is stored does not depend on how a target rounds.

// Half keeps 10 explicit mantissa bits of float's 23 for normal values (|v| >= 2^-14).
const uint kDroppedMantissaBits = 0x1FFFu;
const uint kHalfOfDroppedRange = 0x1000u;
const float kSmallestNormalHalf = 6.103515625e-5;  // 2^-14
const float kHalfSubnormalsPerUnit = 16777216.0;   // 2^24: subnormal halves are multiples of 2^-24

// The value rounded to the nearest number an RGBA16F texel holds exactly. Rounding, not
// truncation: state is written 140 times a step, and a bias toward zero on every write adds up
// to millimetres within seconds. Adding half the dropped range to the bits carries into the
// exponent when the mantissa overflows, which is what rounding up must do.
vec3 roundedToHalf(vec3 value) {
    vec3 normal = uintBitsToFloat((floatBitsToUint(value) + kHalfOfDroppedRange) & ~uvec3(kDroppedMantissaBits));
    vec3 subnormal = roundEven(value * kHalfSubnormalsPerUnit) / kHalfSubnormalsPerUnit;
    return mix(subnormal, normal, greaterThanEqual(abs(value), vec3(kSmallestNormalHalf)));
}

// The texels a vector is written as: high (the value itself on the float path) and, on the
// split half path, low. value - high is exact in float, and low keeps its leading 11 bits, so
// high + low is within 2^-22 of the value relative to its size (a quarter micrometre at 1 m).
vec4 storedHigh(vec3 value) {
#if SPLIT_HALF
    return vec4(roundedToHalf(value), 0.0);
#else
    return vec4(value, 0.0);
#endif
}

vec4 storedLow(vec3 value) { return vec4(roundedToHalf(value - roundedToHalf(value)), 0.0); }

bool insideGrid(ivec2 texel) {
    return all(greaterThanEqual(texel, ivec2(0))) && all(lessThan(texel, uGridSize));
}

// Whether two texels are particles of one patch: patches share no constraint. PATCHES (0 or 1)
// is defined when the pass is compiled; one cloth is one patch. Patches are told apart by a
// float product, not an integer division: a division of each texel and its partner made every
// constraint pass of a 1024^2 cloth 1.4x slower on an H100 (issue 28). The product is exact:
// (t + 0.5) / P lies at least 0.5 / P from an integer, and for t < 2^23 float rounds it by far less.
bool samePatch(ivec2 texel, ivec2 other) {
#if PATCHES
    vec2 perPatch = 1.0 / vec2(uPatchSize);
    return all(equal(floor((vec2(texel) + 0.5) * perPatch), floor((vec2(other) + 0.5) * perPatch)));
#else
    return true;
#endif
}

bool inPatchOf(ivec2 texel, ivec2 other) {
    return insideGrid(other) && samePatch(texel, other);
}
