// Shared by the solver passes: reading and writing particle state.
//
// On the float path a vector is one RGBA32F texel. On the half path (devices without float
// render targets) it is split over two RGBA16F textures: high is the value rounded to half
// precision and low the remainder, so high + low keeps about 22 bits of mantissa where a lone
// half keeps 11 (a millimetre at 1 m, which visibly jitters and loses momentum).
// SPLIT_HALF (0 or 1) is defined when the pass is compiled.

precision highp float;
precision highp int;
precision highp sampler2D;

uniform ivec2 uGridSize;  // columns, rows

vec3 fetchVector(sampler2D high, sampler2D low, ivec2 texel) {
#if SPLIT_HALF
    return texelFetch(high, texel, 0).xyz + texelFetch(low, texel, 0).xyz;
#else
    return texelFetch(high, texel, 0).xyz;
#endif
}

// The value rounded to half precision, exactly representable in an RGBA16F texel.
vec3 highPart(vec3 value) {
    return vec3(unpackHalf2x16(packHalf2x16(value.xy)), unpackHalf2x16(packHalf2x16(value.zz)).x);
}

// The texels a vector is written as: high (the value itself on the float path) and, on the
// split half path, low.
vec4 storedHigh(vec3 value) {
#if SPLIT_HALF
    return vec4(highPart(value), 0.0);
#else
    return vec4(value, 0.0);
#endif
}

vec4 storedLow(vec3 value) { return vec4(value - highPart(value), 0.0); }

bool insideGrid(ivec2 texel) {
    return all(greaterThanEqual(texel, ivec2(0))) && all(lessThan(texel, uGridSize));
}
