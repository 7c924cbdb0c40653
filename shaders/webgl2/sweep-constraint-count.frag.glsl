// Constraint count: how many pairs each particle is in (the core's constraintCounts), from where
// it sits in its patch. The Jacobi sweep splits each particle's mass by it; drawn once per cloth.

uniform ivec2 uOffsets[DIRECTION_COUNT];  // from a pair's first particle to its second

layout(location = 0) out vec4 outCount;

void main() {
    ivec2 self = ivec2(gl_FragCoord.xy);
    float count = 0.0;
    for (int direction = 0; direction < DIRECTION_COUNT; ++direction) {
        if (inPatchOf(self, self + uOffsets[direction])) count += 1.0;
        if (inPatchOf(self, self - uOffsets[direction])) count += 1.0;
    }
    outCount = vec4(count, 0.0, 0.0, 0.0);
}
