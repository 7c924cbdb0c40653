// The substep's constrain stages as the fused steps read them (patch-step.wgsl, tile-substep.wgsl):
// the uniform slots the passes read at dynamic offsets, bound as one array, and copied into
// workgroup memory once a dispatch where they fit. The stage in force is a copy each invocation,
// a few words held in registers, so a stage needs one barrier (before it) and, where the stages
// fit workgroup memory, no uniform read.
// On an H200 the private copy took the 64 x 64 papers from 0.549 to 0.475 ms a step, and reading
// it from workgroup memory, not the uniform buffer, to 0.373; the tiles 4-8 % faster, 64² to 256².
//
// web/backends/webgpu/fused-pipelines.js (stagesWgsl) puts the constants in front
// (CONSTRAIN_STAGES, STAGE_SLOT_BYTES, STAGES_IN_WORKGROUP, WORKGROUP_STAGES) and writes
// `solveStages()` after: each stage in order, a workgroup barrier, `stage` set, then the fused
// shader's own `solveStage()`. Up to 48 stages it writes them out one by one with all but their
// rule compiled in, so the compiler folds each stage's colour test and offset. It also writes
// `directionStage()`, for pairsStartedAt.

struct StageSlot { @size(STAGE_SLOT_BYTES) value: Stage }
@group(2) @binding(0) var<uniform> stages: array<StageSlot, CONSTRAIN_STAGES>;

var<workgroup> workgroupStages: array<Stage, WORKGROUP_STAGES>;
var<private> stage: Stage;

// Copies the stages into workgroup memory, `invocations` of the workgroup at a time: a workgroup
// barrier must come between it and the first stageAt.
fn copyStagesToWorkgroup(local: u32, invocations: u32) {
    for (var c = local; STAGES_IN_WORKGROUP && c < CONSTRAIN_STAGES; c += invocations) { workgroupStages[c] = stages[c].value; }
}

// The substep's constrain stage c.
fn stageAt(c: u32) -> Stage {
    if (STAGES_IN_WORKGROUP) { return workgroupStages[c]; }
    return stages[c].value;
}

// The bit of a particle's pairs (pairsStartedAt) for the stage in force.
fn pairBit() -> u32 {
    return 1u << (2u * stage.direction + stage.colour);
}

// The pairs the particle at `texel` starts that are solved, with their second particle in the
// box [reachFrom, reachTo) of the grid: a bit each (pairBit of its direction and the colour the
// particle has in it). The passes' startsPair for every direction once, held for the step or
// substep, where each stage would test it again. Sets `stage`, which solveStages sets again.
fn pairsStartedAt(texel: vec2i, reachFrom: vec2i, reachTo: vec2i) -> u32 {
    var pairs = 0u;
    for (var direction = 0u; direction < DIRECTION_COUNT; direction++) {
        stage = directionStage(direction);
        stage.colour = colourOf(texel);
        let second = texel + stage.offset;
        if (all(second >= reachFrom) && all(second < reachTo) && startsPair(texel)) { pairs |= pairBit(); }
    }
    return pairs;
}
