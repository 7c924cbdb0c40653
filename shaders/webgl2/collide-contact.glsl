// Where a particle closer than the margin to a collider goes (a point the margin off its
// surface) and the surface normal there: the twins of the contact functions in src/collide.cpp
// (which works out four particles at a time, each lane as this does one), with the same operations in the same order, so that IEEE float hardware finds the same bits.
// Shapes come packed as the core's packForGpu writes them, COLLIDER_SHAPE_VEC4S vec4s each;
// boxes and meshes turn with quaternion.glsl's rotate(), put in front, as is the Substep struct
// contactWith() reads them from.

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

// Every mesh collider's signed distance field (metres, negative inside, its thickness taken off),
// one after another along z: mesh m's sample (i, j, k) is texel (i, j, firstLayer + k)
// (web/backends/webgl2/mesh-field-texture.js). Read with texelFetch: R32F need not filter.
uniform highp sampler3D uMeshFields;

// mix(a, b, t) as the core writes it: GLSL's mix may be worked out otherwise.
float lerp(float a, float b, float t) {
    return a + (b - a) * t;
}

struct FieldSample {
    float distance;  // metres, negative inside
    vec3 normal;  // in the mesh's frame
};

// The field at a point of the mesh's frame, sampled trilinearly, plus how far the point is
// outside the field's box; the normal is the trilinear's own gradient in its cell (the core's
// sampleField, src/field_sample.hpp). shape: (center, voxelMetres), rotation, (origin,
// firstLayer), (nx, ny, nz, 0).
FieldSample sampleField(vec4 shape[COLLIDER_SHAPE_VEC4S], vec3 local) {
    float voxelMetres = shape[0].w;
    vec3 size = shape[3].xyz;
    vec3 grid = (local - shape[2].xyz) / voxelMetres;
    vec3 inGrid = clamp(grid, vec3(0.0), size - 1.0);
    vec3 beyond = (grid - inGrid) * voxelMetres;
    vec3 cell = min(floor(inGrid), size - 2.0);
    vec3 f = inGrid - cell;
    ivec3 low = ivec3(cell) + ivec3(0, 0, int(shape[2].w));
    float c000 = texelFetch(uMeshFields, low, 0).r;
    float c100 = texelFetch(uMeshFields, low + ivec3(1, 0, 0), 0).r;
    float c010 = texelFetch(uMeshFields, low + ivec3(0, 1, 0), 0).r;
    float c110 = texelFetch(uMeshFields, low + ivec3(1, 1, 0), 0).r;
    float c001 = texelFetch(uMeshFields, low + ivec3(0, 0, 1), 0).r;
    float c101 = texelFetch(uMeshFields, low + ivec3(1, 0, 1), 0).r;
    float c011 = texelFetch(uMeshFields, low + ivec3(0, 1, 1), 0).r;
    float c111 = texelFetch(uMeshFields, low + ivec3(1, 1, 1), 0).r;
    float c00 = lerp(c000, c100, f.x);
    float c10 = lerp(c010, c110, f.x);
    float c01 = lerp(c001, c101, f.x);
    float c11 = lerp(c011, c111, f.x);
    float distance = lerp(lerp(c00, c10, f.y), lerp(c01, c11, f.y), f.z) + length(beyond);
    vec3 gradient = vec3(
        lerp(lerp(c100 - c000, c110 - c010, f.y), lerp(c101 - c001, c111 - c011, f.y), f.z),
        lerp(lerp(c010 - c000, c110 - c100, f.x), lerp(c011 - c001, c111 - c101, f.x), f.z),
        lerp(lerp(c001 - c000, c101 - c100, f.x), lerp(c011 - c010, c111 - c110, f.x), f.y));
    float steepness = length(gradient);
    // A flat cell has no direction out: up, in the mesh's frame.
    return FieldSample(distance, steepness > 0.0 ? gradient / steepness : vec3(0.0, 1.0, 0.0));
}

// A mesh's contact (the core's contactWith(Mesh), src/collide.cpp): along the field's normal by
// what the particle lacks of the margin, and where that was more than a voxel, up to three more
// steps from where it got while it still lacks a hundredth of a voxel.
Contact contactWithMesh(vec4 shape[COLLIDER_SHAPE_VEC4S], vec3 position, float margin) {
    vec4 rotation = shape[1];
    vec3 local = rotate(vec4(-rotation.xyz, rotation.w), position - shape[0].xyz);
    FieldSample first = sampleField(shape, local);
    if (first.distance >= margin) return noContact;
    vec3 push = first.normal * (margin - first.distance);
    vec3 localNormal = first.normal;
    if (margin - first.distance > shape[0].w) {
        for (int step = 0; step < 3; ++step) {
            FieldSample again = sampleField(shape, local + push);
            float lacking = margin - again.distance;
            if (!(lacking > 0.01 * shape[0].w)) break;
            push = push + again.normal * lacking;
        }
        localNormal = push / length(push);
    }
    return Contact(true, position + rotate(rotation, push), rotate(rotation, localNormal));
}

// The substep's collider `collider`, its shape unpacked from the substep's uniform block.
Contact contactWith(int collider, vec3 position, float margin) {
    int kind = int(substep.colliderKindFrictionDepenetration[collider].x);
    vec4 shape[COLLIDER_SHAPE_VEC4S];
    for (int part = 0; part < COLLIDER_SHAPE_VEC4S; ++part) shape[part] = substep.colliderShapes[collider * COLLIDER_SHAPE_VEC4S + part];
    if (kind == COLLIDER_SPHERE) return contactWithBall(shape[0].xyz, shape[0].w, position, margin);
    if (kind == COLLIDER_PLANE) return contactWithPlane(shape[0], position, margin);
    if (kind == COLLIDER_CAPSULE) return contactWithCapsule(shape[0].xyz, shape[1].xyz, shape[0].w, position, margin);
    if (kind == COLLIDER_MESH) return contactWithMesh(shape, position, margin);
    return contactWithBox(shape[0].xyz, shape[1].xyz, shape[2], position, margin);  // COLLIDER_BOX
}
