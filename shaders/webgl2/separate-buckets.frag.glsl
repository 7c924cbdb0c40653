// Self-collision, bucket pass, fragment stage: writes the particle's index + 1 (0 marks an empty
// slot) into this layer, unless an earlier layer already took it or a smaller index.
precision highp float;
precision highp int;
precision highp usampler2D;

uniform usampler2D uPreviousLayer;
uniform bool uFirstLayer;

flat in uint vParticle;
layout(location = 0) out uint outEntry;

void main() {
    if (!uFirstLayer && vParticle + 1u <= texelFetch(uPreviousLayer, ivec2(gl_FragCoord.xy), 0).r) discard;
    outEntry = vParticle + 1u;
}
