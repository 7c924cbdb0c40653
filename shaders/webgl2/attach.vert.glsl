// Attach, vertex stage: one point per attached particle (gl_VertexID), drawn onto its texel of
// the state the predict pass has just written, carrying where this substep puts the particle
// and its velocity: on the straight line from where it was when the call's steps began to its
// target, as far along as the substep ends in the call's time (src/attachments.hpp).
// solver-state.glsl and the Substep struct are put in front.

// Two texels per attached particle: (where it was, its column), (its target, its row).
uniform highp sampler2D uAttachments;

flat out vec3 vPosition;
flat out vec3 vVelocity;

void main() {
    int first = 2 * gl_VertexID;
    int width = textureSize(uAttachments, 0).x;  // even: a particle's two texels share a row
    vec4 start = texelFetch(uAttachments, ivec2(first % width, first / width), 0);
    vec4 goal = texelFetch(uAttachments, ivec2(first % width + 1, first / width), 0);
    float progress = substep.attachProgress;
    vPosition = start.xyz * (1.0 - progress) + goal.xyz * progress;
    vVelocity = (goal.xyz - start.xyz) * substep.attachInverseSeconds;
    vec2 texelCentre = vec2(start.w, goal.w) + 0.5;
    gl_Position = vec4(texelCentre / vec2(substep.gridSize) * 2.0 - 1.0, 0.0, 1.0);
    gl_PointSize = 1.0;
}
