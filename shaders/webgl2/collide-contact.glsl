// Where a particle closer than the margin to a collider goes (a point the margin off its
// surface) and the surface normal there: the twins of the contact functions in src/collide.cpp
// (which works out four particles at a time, each lane as this does one), with the same operations in the same order, so that IEEE float hardware finds the same bits.
// Shapes come packed as the core's packForGpu writes them, COLLIDER_SHAPE_VEC4S vec4s each;
// boxes turn with quaternion.glsl's rotate(), put in front.

struct Contact {
    bool touching;
    vec3 surfacePoint;
    vec3 normal;
};

const Contact noContact = Contact(false, vec3(0.0), vec3(0.0));

Contact contactWithBall(vec3 center, float radius, vec3 position, float margin) {
    vec3 fromCenter = position - center;
    float distance = length(fromCenter);
    float reach = radius + margin;
    if (distance >= reach) return noContact;
    // A particle exactly at the centre has no direction out: push it up.
    vec3 normal = distance > 1e-9 ? fromCenter / distance : vec3(0.0, 1.0, 0.0);
    return Contact(true, center + normal * reach, normal);
}

// plane: unit normal, offset (the solid side is dot(normal, x) < offset).
Contact contactWithPlane(vec4 plane, vec3 position, float margin) {
    float depth = plane.w + margin - dot(plane.xyz, position);
    if (depth <= 0.0) return noContact;
    return Contact(true, position + plane.xyz * depth, plane.xyz);
}

Contact contactWithCapsule(vec3 start, vec3 end, float radius, vec3 position, float margin) {
    vec3 along = end - start;
    float lengthSquared = dot(along, along);
    float share = lengthSquared > 0.0 ? clamp(dot(position - start, along) / lengthSquared, 0.0, 1.0) : 0.0;
    return contactWithBall(start + along * share, radius, position, margin);
}

Contact contactWithBox(vec3 center, vec3 halfExtents, vec4 rotation, vec3 position, float margin) {
    vec3 local = rotate(vec4(-rotation.xyz, rotation.w), position - center);
    vec3 nearest = clamp(local, -halfExtents, halfExtents);
    vec3 outside = local - nearest;
    float outsideDistance = length(outside);
    vec3 localNormal;
    vec3 localSurface;
    if (outsideDistance > 0.0) {
        if (outsideDistance >= margin) return noContact;
        localNormal = outside / outsideDistance;
        localSurface = nearest + localNormal * margin;
    } else {
        // Inside: out through the nearest face.
        vec3 toFace = halfExtents - abs(local);
        vec3 face = toFace.x <= toFace.y && toFace.x <= toFace.z ? vec3(1.0, 0.0, 0.0)
                  : toFace.y <= toFace.z                          ? vec3(0.0, 1.0, 0.0)
                                                                  : vec3(0.0, 0.0, 1.0);
        float side = dot(local, face) < 0.0 ? -1.0 : 1.0;
        localNormal = face * side;
        localSurface = local * (vec3(1.0) - face) + localNormal * (halfExtents + margin);
    }
    return Contact(true, center + rotate(rotation, localSurface), rotate(rotation, localNormal));
}

// shape: the collider's COLLIDER_SHAPE_VEC4S vec4s.
Contact contactWith(int kind, vec4 shape[COLLIDER_SHAPE_VEC4S], vec3 position, float margin) {
    if (kind == COLLIDER_SPHERE) return contactWithBall(shape[0].xyz, shape[0].w, position, margin);
    if (kind == COLLIDER_PLANE) return contactWithPlane(shape[0], position, margin);
    if (kind == COLLIDER_CAPSULE) return contactWithCapsule(shape[0].xyz, shape[1].xyz, shape[0].w, position, margin);
    return contactWithBox(shape[0].xyz, shape[1].xyz, shape[2], position, margin);  // COLLIDER_BOX
}
