// Attach: after the predict pass, each attached particle is put where this substep takes it and
// given its velocity: on the straight line from where it was when the call's steps began to its
// target, as far along as the substep ends in the call's time (src/attachments.hpp), as
// shaders/webgl2/attach.vert.glsl does for WebGL2. One invocation per attached particle.

struct Attachment {
    start: vec4f,   // where it was (xyz), its column
    goal: vec4f,    // its target (xyz), its row
}

@group(0) @binding(0) var<storage, read_write> working: array<vec4f>;
@group(0) @binding(1) var<storage, read_write> predicted: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> velocities: array<vec4f>;
@group(0) @binding(3) var<storage, read> attachments: array<Attachment>;

@compute @workgroup_size(WORKGROUP_SIZE)
fn attach(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let i = particleIndex(id, groups);
    if (i >= substep.attachedCount) { return; }
    let attachment = attachments[i];
    let index = indexOf(vec2i(i32(attachment.start.w), i32(attachment.goal.w)));
    let progress = substep.attachProgress;
    let position = vec4f(attachment.start.xyz * (1.0 - progress) + attachment.goal.xyz * progress, 0.0);
    working[index] = position;
    predicted[index] = position;
    velocities[index] = vec4f((attachment.goal.xyz - attachment.start.xyz) * substep.attachInverseSeconds, 0.0);
}
