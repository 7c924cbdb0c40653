// Self-collision's fastest approach, fragment stage: the point's speed bits, kept where its depth
// passes (approach-max.vert.glsl).
precision highp float;
precision highp int;

flat in uint vApproachBits;
layout(location = 0) out uint outApproachBits;

void main() {
    outApproachBits = vApproachBits;
}
