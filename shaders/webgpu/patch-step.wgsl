// A whole fixed step in one dispatch, for cloths of small patches (8 x 8 papers) or one small
// cloth: a workgroup per patch, its invocations taking the patch's particles in turn (one each
// for a paper; 16 each for a 64 x 64 cloth), and each substep's predict, constrain stages and
// collide one after another with a barrier after each, running the very per-particle code of
// the passes of their own (predict.wgsl, constrain.wgsl, collide.wgsl). Patches share no
// constraint, so a patch never waits on another and its workgroup alone orders its stages: 140
// dispatches a step become one. The substeps' and constrain stages' uniform slots are the ones
// those passes read at dynamic offsets, bound here as whole arrays. SUBSTEPS, CONSTRAIN_STAGES,
// PATCH_COLUMNS, PATCH_ROWS, INVOCATIONS and the slot sizes come from
// web/backends/webgpu/patch-step.js.

struct SubstepSlot { @size(SUBSTEP_SLOT_BYTES) value: Substep }
struct StageSlot { @size(STAGE_SLOT_BYTES) value: Stage }

@group(1) @binding(0) var<uniform> substeps: array<SubstepSlot, SUBSTEPS>;
@group(2) @binding(0) var<uniform> stages: array<StageSlot, CONSTRAIN_STAGES>;

// What the per-particle code reads: the substep and the stage in force.
var<private> substep: Substep;
var<private> stage: Stage;

// The grid index of a patch's particle, counted row by row within the patch.
fn indexInPatch(corner: vec2u, particle: u32) -> u32 {
    return indexOf(vec2i(corner + vec2u(particle % PATCH_COLUMNS, particle / PATCH_COLUMNS)));
}

@compute @workgroup_size(INVOCATIONS)
fn stepPatches(@builtin(workgroup_id) group: vec3u, @builtin(num_workgroups) groups: vec3u,
               @builtin(local_invocation_index) local: u32) {
    let patchIndex = group.x + group.y * groups.x;
    let patchesAcross = u32(substeps[0].value.gridSize.x) / PATCH_COLUMNS;
    let corner = vec2u(patchIndex % patchesAcross, patchIndex / patchesAcross) * vec2u(PATCH_COLUMNS, PATCH_ROWS);
    // A 2D dispatch may hold workgroups past the last patch: they idle, and meet every barrier.
    let particles = select(0u, PATCH_COLUMNS * PATCH_ROWS, corner.y < u32(substeps[0].value.gridSize.y));
    for (var s = 0u; s < SUBSTEPS; s++) {
        substep = substeps[s].value;
        for (var p = local; p < particles; p += INVOCATIONS) { predictParticle(indexInPatch(corner, p)); }
        storageBarrier();
        for (var c = 0u; c < CONSTRAIN_STAGES; c++) {
            stage = stages[c].value;
            for (var p = local; p < particles; p += INVOCATIONS) { constrainPairOf(indexInPatch(corner, p)); }
            storageBarrier();
        }
        for (var p = local; p < particles; p += INVOCATIONS) { collideParticle(indexInPatch(corner, p)); }
        storageBarrier();
    }
}
