// Shared by the passes that write both position and velocity (predict, collide): their render
// targets, in order, and how a vector is stored in them.

layout(location = 0) out vec4 outPosition;
#if SPLIT_HALF
layout(location = 1) out vec4 outPositionLow;
layout(location = 2) out vec4 outVelocity;
layout(location = 3) out vec4 outVelocityLow;
#else
layout(location = 1) out vec4 outVelocity;
#endif

void write(vec3 position, vec3 velocity) {
    outPosition = storedHigh(position);
    outVelocity = storedHigh(velocity);
#if SPLIT_HALF
    outPositionLow = storedLow(position);
    outVelocityLow = storedLow(velocity);
#endif
}
