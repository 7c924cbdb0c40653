// Collide, then update velocities. Each free particle is pushed out of every collider in turn
// (to a margin away from the surface, collider-contact.glsl); friction takes back its share of the
// sliding since the substep began. Only the part of a push that stops the particle's approach
// becomes velocity, so a collider moved onto the cloth shoves it without launching it. Then
// the velocity gains what the constraints and collisions moved: (x - predicted - silent) / h.
// COLLIDER_*, COLLIDER_SHAPE_VEC4S and MAX_COLLIDERS come from the core (src/bindings/gpu_constants.cpp).

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform sampler2D uPredicted;
uniform sampler2D uPredictedLow;
uniform sampler2D uVelocity;
uniform sampler2D uVelocityLow;
uniform sampler2D uInverseMass;
uniform int uColliderCount;
uniform int uColliderType[MAX_COLLIDERS];      // COLLIDER_SPHERE, ...
uniform vec4 uColliderShape[MAX_COLLIDERS * COLLIDER_SHAPE_VEC4S];  // as the core's packForGpu writes them
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
        vec4 shape[COLLIDER_SHAPE_VEC4S];
        for (int part = 0; part < COLLIDER_SHAPE_VEC4S; ++part) shape[part] = uColliderShape[i * COLLIDER_SHAPE_VEC4S + part];
        Contact contact = contactWith(uColliderType[i], shape, position, uMargin);
        if (!contact.touching) continue;
        vec3 motion = contact.surfacePoint - start;
        vec3 sliding = motion - contact.normal * dot(motion, contact.normal);
        float push = dot(contact.surfacePoint - position, contact.normal);
        float stopping = max(0.0, -dot(velocity, contact.normal)) * uSubstepSeconds;
        if (push > stopping) silent += contact.normal * (push - stopping);
        position = contact.surfacePoint - sliding * uColliderFriction[i];
    }
    write(position, velocity + (position - predicted - silent) / uSubstepSeconds);
}
