// A whole fixed step in one dispatch, for cloths made of patches small enough for a workgroup
// (8 x 8 papers, or one cloth of at most 256 particles): a workgroup per patch, an invocation per
// particle, and each substep's predict, constrain stages and collide in turn with a barrier
// after each, running the very per-particle code of the passes of their own (predict.wgsl,
// constrain.wgsl, collide.wgsl). Patches share no constraint, so a patch never waits on another
// and its workgroup alone orders its stages: 140 dispatches a step become one. The substeps' and
// constrain stages' uniform slots are the ones those passes read at dynamic offsets, bound here
// as whole arrays; group 0 is theirs (state.wgsl: the state buffers and the mesh colliders'
// fields). SUBSTEPS, CONSTRAIN_STAGES, PATCH_COLUMNS, PATCH_ROWS and the slot sizes come from
// web/backends/webgpu/patch-step.js.

struct SubstepSlot { @size(SUBSTEP_SLOT_BYTES) value: Substep }
struct StageSlot { @size(STAGE_SLOT_BYTES) value: Stage }

@group(1) @binding(0) var<uniform> substeps: array<SubstepSlot, SUBSTEPS>;
@group(2) @binding(0) var<uniform> stages: array<StageSlot, CONSTRAIN_STAGES>;

// What the per-particle code reads: the substep and the stage in force, one copy a workgroup
// made by its first invocation, between two workgroup barriers (every read of the last copy is
// done before it, and the new one is seen after it). A copy each invocation spills out of
// registers: with it, 64 x 64 papers took 1.05 ms a step on an H100, with this one 0.52.
var<workgroup> substep: Substep;
var<workgroup> stage: Stage;

@compute @workgroup_size(PATCH_COLUMNS * PATCH_ROWS)
fn stepPatches(@builtin(workgroup_id) group: vec3u, @builtin(num_workgroups) groups: vec3u,
               @builtin(local_invocation_index) local: u32) {
    let patchIndex = group.x + group.y * groups.x;
    let patchSize = vec2u(PATCH_COLUMNS, PATCH_ROWS);
    let patchesAcross = u32(substeps[0].value.gridSize.x) / PATCH_COLUMNS;
    let texel = vec2i(vec2u(patchIndex % patchesAcross, patchIndex / patchesAcross) * patchSize + vec2u(local % PATCH_COLUMNS, local / PATCH_COLUMNS));
    // A 2D dispatch may hold workgroups past the last patch: they idle, and meet every barrier.
    let inGrid = texel.y < substeps[0].value.gridSize.y;
    for (var s = 0u; s < SUBSTEPS; s++) {
        workgroupBarrier();
        if (local == 0u) { substep = substeps[s].value; }
        workgroupBarrier();
        let index = indexOf(texel);
        if (inGrid) { predictParticle(index); }
        storageBarrier();
        for (var c = 0u; c < CONSTRAIN_STAGES; c++) {
            workgroupBarrier();
            if (local == 0u) { stage = stages[c].value; }
            workgroupBarrier();
            if (inGrid) { constrainPairOf(index); }
            storageBarrier();
        }
        if (inGrid) { collideParticle(index); }
        storageBarrier();
    }
}
