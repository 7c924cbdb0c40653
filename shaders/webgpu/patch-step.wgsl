// A whole fixed step in one dispatch, for cloths made of patches small enough for a workgroup
// (8 x 8 papers, or one small cloth): a workgroup per patch, an invocation per particle. Patches
// share no constraint, so a workgroup holds its whole patch in workgroup memory for the step: it
// reads each particle's state once, runs every substep's predict, constrain stages and collide
// there with a barrier between them, and writes the state once at the end; 140 dispatches a step
// become one, and the state crosses the GPU's memory twice, not at every stage. The per-particle
// code is the passes' own (predictionFrom, startsPair, projectPair, collidedMotion, over
// positionAt below), in the passes' order, so a patch ends on their bits. The substeps' uniform
// slots are the ones those passes read at dynamic offsets, bound here as a whole array, and so are
// the stages' (workgroup-stages.wgsl); group 0 is theirs (state.wgsl: the state buffers and the
// mesh colliders' fields). SUBSTEPS, PATCH_COLUMNS, PATCH_ROWS and SUBSTEP_SLOT_BYTES come from
// web/backends/webgpu/patch-step.js.

struct SubstepSlot { @size(SUBSTEP_SLOT_BYTES) value: Substep }
@group(1) @binding(0) var<uniform> substeps: array<SubstepSlot, SUBSTEPS>;

// The substep in force, for the per-particle code: one copy a workgroup, made by its first
// invocation between two workgroup barriers (every read of the last copy is done before it, and
// the new one is seen after it). A copy each invocation spills out of registers (64 x 64 papers
// took 1.05 ms a step on an H100, 0.52 with one a workgroup); the stage's, a few words, does not
// (workgroup-stages.wgsl).
var<workgroup> substep: Substep;

// The patch, row by row: xyz a particle's position (the substep's start, then its prediction
// constrained in place), w its inverse mass.
var<workgroup> patchParticles: array<vec4f, PATCH_COLUMNS * PATCH_ROWS>;

// Where the particle at `texel` (of this workgroup's patch) is in patchParticles.
fn slotOf(texel: vec2i) -> u32 {
    let place = vec2u(texel) % vec2u(PATCH_COLUMNS, PATCH_ROWS);
    return place.y * PATCH_COLUMNS + place.x;
}

// normals.wgsl's position of a particle: the substep's start, for the drag's normal (the normal
// never reaches out of the particle's patch).
fn positionAt(texel: vec2i) -> vec3f {
    return patchParticles[slotOf(texel)].xyz;
}

// This invocation's particle, as solveStage reads it: where it is, the pairs it starts (bits of
// pairsStartedAt, none past the grid), and XPBD's multipliers of those pairs, one a direction,
// kept between iterations.
var<private> ownTexel: vec2i;
var<private> ownIndex: u32;
var<private> ownSlot: u32;
var<private> ownPairs: u32;
var<private> multipliers: array<f32, DIRECTION_COUNT>;

// The stage in force (workgroup-stages.wgsl's solveStages runs it after a barrier): the pair this
// particle starts, if it starts one, solved in the patch's workgroup copy.
fn solveStage() {
    if ((ownPairs & pairBit()) == 0u) { return; }
    let second = slotOf(ownTexel + stage.offset);
    var lambda = select(multipliers[stage.direction], 0.0, stage.firstIteration != 0u);
    // Read here, not held in registers from the step's start as the tiles hold theirs: on an H200
    // that made this step slower (16² 0.11 -> 0.17 ms, 64 x 64 papers 0.258 -> 0.272).
    let restLength = restLengths[ownIndex * REST_LENGTHS_PER_PARTICLE + stage.direction];
    let ends = projectPair(patchParticles[ownSlot], patchParticles[second], restLength, &lambda);
    multipliers[stage.direction] = lambda;
    patchParticles[ownSlot] = vec4f(ends[0], patchParticles[ownSlot].w);
    patchParticles[second] = vec4f(ends[1], patchParticles[second].w);
}

@compute @workgroup_size(PATCH_COLUMNS * PATCH_ROWS)
fn stepPatches(@builtin(workgroup_id) group: vec3u, @builtin(num_workgroups) groups: vec3u,
               @builtin(local_invocation_index) local: u32) {
    if (local == 0u) { substep = substeps[0].value; }
    copyStagesToWorkgroup(local, PATCH_COLUMNS * PATCH_ROWS);
    workgroupBarrier();
    let patchIndex = group.x + group.y * groups.x;
    let patchSize = vec2u(PATCH_COLUMNS, PATCH_ROWS);
    let patchesAcross = u32(substep.gridSize.x) / PATCH_COLUMNS;
    let texel = vec2i(vec2u(patchIndex % patchesAcross, patchIndex / patchesAcross) * patchSize + vec2u(local % PATCH_COLUMNS, local / PATCH_COLUMNS));
    // A 2D dispatch may hold workgroups past the last patch: they idle, and meet every barrier.
    let inGrid = texel.y < substep.gridSize.y;
    let index = indexOf(texel);
    ownTexel = texel;
    ownIndex = index;
    ownSlot = local;
    if (inGrid) { ownPairs = pairsStartedAt(texel, vec2i(0), substep.gridSize); }
    // This invocation's particle: its motion at the substep's end (and so the next one's start).
    var motion = Motion(vec3f(0.0), vec3f(0.0));
    var inverseMass = 0.0;
    if (inGrid) {
        motion = Motion(positions[index].xyz, velocities[index].xyz);
        inverseMass = inverseMasses[index];
        patchParticles[local] = vec4f(motion.position, inverseMass);
    }
    for (var s = 0u; s < SUBSTEPS; s++) {
        workgroupBarrier();
        if (local == 0u) { substep = substeps[s].value; }
        workgroupBarrier();
        var prediction = motion;
        if (inGrid) { prediction = predictionFrom(texel, motion, inverseMass); }
        // Every neighbour's start read for the normals before any prediction replaces it.
        workgroupBarrier();
        if (inGrid) { patchParticles[local] = vec4f(prediction.position, inverseMass); }
        solveStages();
        workgroupBarrier();
        if (inGrid) {
            motion = collidedMotion(Motion(patchParticles[local].xyz, prediction.velocity), prediction.position, vec3f(0.0), inverseMass);
            patchParticles[local] = vec4f(motion.position, inverseMass);
        }
    }
    if (inGrid) {
        positions[index] = vec4f(motion.position, 0.0);
        velocities[index] = vec4f(motion.velocity, 0.0);
    }
}
