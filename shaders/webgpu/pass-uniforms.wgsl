// What a pass of its own reads: its substep's and its stage's uniform slots, chosen by dynamic
// offsets (groups 1 and 2).

@group(1) @binding(0) var<uniform> substep: Substep;
@group(2) @binding(0) var<uniform> stage: Stage;
