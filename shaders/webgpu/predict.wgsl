// Predict: wind drag, damping and gravity change each free particle's velocity, and the new
// velocity moves it (symplectic Euler), as shaders/webgl2/predict.frag.glsl does for WebGL2 and
// src/predict.cpp for the CPU. A pinned or held particle keeps its place and has no velocity.
// Writes the prediction twice: once to be constrained in place, once kept for the velocity.

// The gusts at a point: the core's travelling waves, amplitude * cos(wavevector . x + phase).
fn gustAt(position: vec3f) -> vec3f {
    var gust = vec3f(0.0);
    for (var k = 0; k < GUST_WAVES; k++) {
        let wave = substep.gustWaves[2 * k];
        gust += substep.gustWaves[2 * k + 1].xyz * cos(dot(wave.xyz, position) + wave.w);
    }
    return gust;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn predict(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let index = particleIndex(id, groups);
    if (index < substep.particleCount) { predictParticle(index); }
}

fn predictParticle(index: u32) {
    let motion = predictionOf(index);
    let next = vec4f(motion.position, 0.0);
    working[index] = next;
    predicted[index] = next;
    velocities[index] = vec4f(motion.velocity, 0.0);
}

// A particle's place and velocity: where it starts, moved and dragged through the substep (the
// tiled substep keeps them in workgroup memory, the pass writes them out).
struct Motion { position: vec3f, velocity: vec3f }

// A particle's prediction from its state at the substep's start (positions, velocities).
fn predictionOf(index: u32) -> Motion {
    return predictionFrom(texelOf(index), Motion(positions[index].xyz, velocities[index].xyz), inverseMasses[index]);
}

// The prediction of the particle at `texel` from its place and velocity at the substep's start,
// wherever those are kept (the drag's normal reads the neighbours' through positionAt).
fn predictionFrom(texel: vec2i, start: Motion, inverseMass: f32) -> Motion {
    if (inverseMass == 0.0) { return Motion(start.position, vec3f(0.0)); }
    var velocity = start.velocity;
    let h = substep.substepSeconds;
    if (substep.normalDragShare > 0.0 || substep.tangentialDragShare > 0.0) {
        let normal = gridNormal(texel, substep.patchSize);
        var air = substep.wind;
        if (substep.gusts != 0u) { air += gustAt(start.position); }
        let relativeWind = air - velocity;
        let normalPart = normal * dot(relativeWind, normal);
        velocity += normalPart * substep.normalDragShare + (relativeWind - normalPart) * substep.tangentialDragShare;
    }
    velocity = velocity * substep.keep + substep.gravity * h;
    return Motion(start.position + velocity * h, velocity);
}
