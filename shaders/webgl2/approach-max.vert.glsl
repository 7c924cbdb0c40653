// Self-collision's fastest approach, vertex stage: one point per particle (gl_VertexID), all onto
// the one texel, at a depth that grows with the particle's fastest approach (the collide pass's
// bits of it), so the depth test keeps the fastest. solver-state.glsl is put in front.

uniform highp usampler2D uApproach;

flat out uint vApproachBits;

void main() {
    int particle = gl_VertexID;
    uint bits = texelFetch(uApproach, ivec2(particle % uGridSize.x, particle / uGridSize.x), 0).r;
    // In [0, 1], growing with the speed (an infinite one, from a cloth gone non-finite, at 1).
    float speed = min(uintBitsToFloat(bits), 1e30);
    float depth = speed / (speed + 1.0);
    gl_Position = vec4(0.0, 0.0, depth * 2.0 - 1.0, 1.0);
    gl_PointSize = 1.0;
    vApproachBits = bits;
}
