// Self-collision, bucket pass, vertex stage: one point per particle (gl_VertexID), drawn on the
// texel of its cell's bucket, at a depth that orders particles by index. Drawn once per layer:
// with the depth test, each layer keeps the smallest index the layers before it did not take
// (separate-buckets.frag.glsl), so a bucket's first SELF_COLLISION_LAYERS particles end up
// in the layer textures. spatial-hash.glsl and solver-state.glsl are put in front.

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform float uCellSize;    // metres: the thickness
uniform ivec2 uBucketSize;  // the layer textures' width and height: one texel per bucket

flat out uint vParticle;

void main() {
    int particle = gl_VertexID;
    vec3 position = fetchVector(uPosition, uPositionLow, ivec2(particle % uGridSize.x, particle / uGridSize.x));
    int bucket = int(bucketOf(cellOf(position, uCellSize), uint(uBucketSize.x * uBucketSize.y)));
    vec2 texel = vec2(bucket % uBucketSize.x, bucket / uBucketSize.x) + 0.5;
    float depth = (float(particle) + 0.5) / float(uGridSize.x * uGridSize.y);
    gl_Position = vec4(texel / vec2(uBucketSize) * 2.0 - 1.0, depth * 2.0 - 1.0, 1.0);
    gl_PointSize = 1.0;
    vParticle = uint(particle);
}
