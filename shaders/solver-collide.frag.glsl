// Collide, then update velocities. Each free particle is pushed out of every collider in turn
// (spheres and planes, a margin away from the surface); friction takes back its share of the
// sliding since the substep began. Only the part of a push that stops the particle's approach
// becomes velocity, so a collider moved onto the cloth shoves it without launching it. Then
// the velocity gains what the constraints and collisions moved: (x - predicted - silent) / h.
// COLLIDER_* and MAX_COLLIDERS come from the core (src/bindings/gpu_constants.cpp).

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform sampler2D uPredicted;
uniform sampler2D uPredictedLow;
uniform sampler2D uVelocity;
uniform sampler2D uVelocityLow;
uniform sampler2D uInverseMass;
uniform int uColliderCount;
uniform int uColliderType[MAX_COLLIDERS];      // COLLIDER_SPHERE or COLLIDER_PLANE
uniform vec4 uColliderShape[MAX_COLLIDERS];    // sphere: centre, radius; plane: unit normal, offset
uniform float uColliderFriction[MAX_COLLIDERS];
uniform float uMargin;                         // metres
uniform float uSubstepSeconds;

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy);
    vec3 position = fetchVector(uPosition, uPositionLow, texel);
    vec3 velocity = fetchVector(uVelocity, uVelocityLow, texel);
    if (texelFetch(uInverseMass, texel, 0).x == 0.0) {
        write(position, velocity);
        return;
    }
    vec3 predicted = fetchVector(uPredicted, uPredictedLow, texel);
    vec3 start = predicted - velocity * uSubstepSeconds;
    vec3 silent = vec3(0.0);
    for (int i = 0; i < uColliderCount; ++i) {
        vec4 shape = uColliderShape[i];
        vec3 surfacePoint;
        vec3 normal;
        if (uColliderType[i] == COLLIDER_SPHERE) {
            vec3 fromCenter = position - shape.xyz;
            float distance = length(fromCenter);
            float reach = shape.w + uMargin;
            if (distance >= reach) continue;
            normal = distance > 1e-9 ? fromCenter / distance : vec3(0.0, 1.0, 0.0);
            surfacePoint = shape.xyz + normal * reach;
        } else {  // COLLIDER_PLANE
            float depth = shape.w + uMargin - dot(shape.xyz, position);
            if (depth <= 0.0) continue;
            normal = shape.xyz;
            surfacePoint = position + normal * depth;
        }
        vec3 motion = surfacePoint - start;
        vec3 sliding = motion - normal * dot(motion, normal);
        float push = dot(surfacePoint - position, normal);
        float stopping = max(0.0, -dot(velocity, normal)) * uSubstepSeconds;
        if (push > stopping) silent += normal * (push - stopping);
        position = surfacePoint - sliding * uColliderFriction[i];
    }
    write(position, velocity + (position - predicted - silent) / uSubstepSeconds);
}
