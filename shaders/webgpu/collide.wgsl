// Collide, then update velocities (after the separate pass of separate.wgsl where
// self-collision is on): each free particle is pushed out of every collider in turn
// (to a margin off its surface, undoing at most the depenetration allowance of the depth it
// began the substep with); friction takes back its share of the sliding since the substep
// began; only the part of a push that undoes the particle's own approach this substep becomes
// velocity (src/collide.hpp); then the
// velocity gains what the constraints and collisions moved: (x - predicted - silent) / h. The
// contact functions are contacts.wgsl's, put in front.

@compute @workgroup_size(WORKGROUP_SIZE)
fn collide(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let index = particleIndex(id, groups);
    if (index < substep.particleCount) { collideParticle(index); }
}

fn collideParticle(index: u32) {
    // With self-collision the separate pass has moved the particle already (into positions).
    let separated = substep.selfCollisionThickness > 0.0;
    let constrained = select(working[index].xyz, positions[index].xyz, separated);
    let silent = select(vec3f(0.0), silents[index].xyz, separated);
    let end = collidedMotion(Motion(constrained, velocities[index].xyz), predicted[index].xyz, silent, inverseMasses[index]);
    positions[index] = vec4f(end.position, 0.0);
    velocities[index] = vec4f(end.velocity, 0.0);
}

// A particle's end of the substep from where the constraints left it (`constrained.position`),
// its predicted velocity and position, and the silent push self-collision gave it. A pinned or
// held particle (inverse mass 0) stays where it is, with the velocity predict gave it (none).
fn collidedMotion(constrained: Motion, prediction: vec3f, silentPush: vec3f, inverseMass: f32) -> Motion {
    var position = constrained.position;
    let velocity = constrained.velocity;
    if (inverseMass == 0.0) { return constrained; }
    let h = substep.substepSeconds;
    let start = prediction - velocity * h;
    var silent = silentPush;
    // The particle's own motion this substep, before any collider pushed it (self-collision's
    // silent push is not its approach).
    let ownMotion = position - start - silent;
    // Planes come last; while a push moved the particle after an earlier collider's visit, it
    // may be inside that one again: visit them all again (src/collide.cpp).
    var visiting = true;
    for (var visit = 0; visit < CONTACT_PASSES && visiting; visit++) {
        visiting = false;
        for (var collider = 0u; collider < substep.colliderCount; collider++) {
            let contact = contactWith(collider, position, substep.collisionMargin);
            if (!contact.touching) { continue; }
            // The depth the particle began the substep with that depenetration may not undo yet.
            let atStart = contactWith(collider, start, substep.collisionMargin);
            let startDepth = select(0.0, dot(atStart.surfacePoint - start, atStart.normal), atStart.touching);
            let traits = substep.colliderKindFrictionDepenetration[collider];
            let push = dot(contact.surfacePoint - position, contact.normal);
            let kept = min(push, max(0.0, startDepth - traits.z));
            let reached = contact.surfacePoint - contact.normal * kept;
            let motion = reached - start;
            let sliding = motion - contact.normal * dot(motion, contact.normal);
            let moved = push - kept;
            let approach = max(0.0, -dot(ownMotion, contact.normal));
            if (moved > approach) { silent += contact.normal * (moved - approach); }
            position = reached - sliding * traits.y;
            if (collider > 0u && moved > 0.0) { visiting = true; }
        }
    }
    return Motion(position, velocity + (position - prediction - silent) / h);
}
