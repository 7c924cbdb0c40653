// Load: copies a vector per particle from a float texture the CPU filled (positions at the
// start or after a reset, zero velocities) into solver state, split into high and low halves
// on the half path. Sampling a float texture needs no extension; rendering to one would.

uniform sampler2D uSource;

layout(location = 0) out vec4 outHigh;
#if SPLIT_HALF
layout(location = 1) out vec4 outLow;
#endif

void main() {
    vec3 value = texelFetch(uSource, ivec2(gl_FragCoord.xy), 0).xyz;
    outHigh = storedHigh(value);
#if SPLIT_HALF
    outLow = storedLow(value);
#endif
}
