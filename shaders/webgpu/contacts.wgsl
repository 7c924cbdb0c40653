// Where a particle closer than the margin to a collider goes (a point the margin off its surface)
// and the surface normal there: shaders/webgl2/collide-contact.glsl's (and src/collide.cpp's)
// contact functions in WGSL, operation for operation, so IEEE float hardware finds the same bits.
// For collide.wgsl and separate.wgsl (the landing layers' approach); the module that puts it in
// front declares `meshFields`, the mesh colliders' fields, and puts quaternion.wgsl in too.

struct Contact {
    touching: bool,
    surfacePoint: vec3f,
    normal: vec3f,
}

const noContact = Contact(false, vec3f(0.0), vec3f(0.0));

fn contactWithBall(center: vec3f, radius: f32, position: vec3f, margin: f32) -> Contact {
    let fromCenter = position - center;
    let distance = length(fromCenter);
    let reach = radius + margin;
    if (distance >= reach) { return noContact; }
    // A particle exactly at the centre has no direction out: push it up.
    let normal = select(vec3f(0.0, 1.0, 0.0), fromCenter / distance, distance > 1e-9);
    return Contact(true, center + normal * reach, normal);
}

// plane: unit normal, offset (the solid side is dot(normal, x) < offset).
fn contactWithPlane(plane: vec4f, position: vec3f, margin: f32) -> Contact {
    let depth = plane.w + margin - dot(plane.xyz, position);
    if (depth <= 0.0) { return noContact; }
    return Contact(true, position + plane.xyz * depth, plane.xyz);
}

fn contactWithCapsule(start: vec3f, end: vec3f, radius: f32, position: vec3f, margin: f32) -> Contact {
    let along = end - start;
    let lengthSquared = dot(along, along);
    var share = 0.0;
    if (lengthSquared > 0.0) { share = clamp(dot(position - start, along) / lengthSquared, 0.0, 1.0); }
    return contactWithBall(start + along * share, radius, position, margin);
}

fn contactWithBox(center: vec3f, halfExtents: vec3f, rotation: vec4f, position: vec3f, margin: f32) -> Contact {
    let local = rotate(vec4f(-rotation.xyz, rotation.w), position - center);
    let nearest = clamp(local, -halfExtents, halfExtents);
    let outside = local - nearest;
    let outsideDistance = length(outside);
    var localNormal: vec3f;
    var localSurface: vec3f;
    if (outsideDistance > 0.0) {
        if (outsideDistance >= margin) { return noContact; }
        localNormal = outside / outsideDistance;
        localSurface = nearest + localNormal * margin;
    } else {
        // Inside: out through the nearest face.
        let toFace = halfExtents - abs(local);
        var face = vec3f(0.0, 0.0, 1.0);
        if (toFace.x <= toFace.y && toFace.x <= toFace.z) {
            face = vec3f(1.0, 0.0, 0.0);
        } else if (toFace.y <= toFace.z) {
            face = vec3f(0.0, 1.0, 0.0);
        }
        let side = select(1.0, -1.0, dot(local, face) < 0.0);
        localNormal = face * side;
        localSurface = local * (vec3f(1.0) - face) + localNormal * (halfExtents + margin);
    }
    return Contact(true, center + rotate(rotation, localSurface), rotate(rotation, localNormal));
}

// mix(a, b, t) as the core writes it: WGSL's mix may be worked out otherwise.
fn lerp(a: f32, b: f32, t: f32) -> f32 {
    return a + (b - a) * t;
}

fn meshSample(texel: vec3i) -> f32 {
    return textureLoad(meshFields, texel, 0).r;
}

struct FieldSample {
    distance: f32,  // metres, negative inside
    normal: vec3f,  // in the mesh's frame
}

// The field at a point of the mesh's frame, sampled trilinearly, plus how far the point is
// outside the field's box; the normal is the trilinear's own gradient in its cell (the core's
// sampleField, src/field_sample.hpp; state.wgsl's meshFields: mesh m's sample (i, j, k) is texel
// (i, j, firstLayer + k)). (center, voxelMetres), rotation, (origin, firstLayer), (nx, ny, nz, 0).
fn sampleField(voxelMetres: f32, originLayer: vec4f, size: vec3f, local: vec3f) -> FieldSample {
    let grid = (local - originLayer.xyz) / voxelMetres;
    let inGrid = clamp(grid, vec3f(0.0), size - 1.0);
    let beyond = (grid - inGrid) * voxelMetres;
    let cell = min(floor(inGrid), size - 2.0);
    let f = inGrid - cell;
    let low = vec3i(cell) + vec3i(0, 0, i32(originLayer.w));
    let c000 = meshSample(low);
    let c100 = meshSample(low + vec3i(1, 0, 0));
    let c010 = meshSample(low + vec3i(0, 1, 0));
    let c110 = meshSample(low + vec3i(1, 1, 0));
    let c001 = meshSample(low + vec3i(0, 0, 1));
    let c101 = meshSample(low + vec3i(1, 0, 1));
    let c011 = meshSample(low + vec3i(0, 1, 1));
    let c111 = meshSample(low + vec3i(1, 1, 1));
    let c00 = lerp(c000, c100, f.x);
    let c10 = lerp(c010, c110, f.x);
    let c01 = lerp(c001, c101, f.x);
    let c11 = lerp(c011, c111, f.x);
    let distance = lerp(lerp(c00, c10, f.y), lerp(c01, c11, f.y), f.z) + length(beyond);
    let gradient = vec3f(
        lerp(lerp(c100 - c000, c110 - c010, f.y), lerp(c101 - c001, c111 - c011, f.y), f.z),
        lerp(lerp(c010 - c000, c110 - c100, f.x), lerp(c011 - c001, c111 - c101, f.x), f.z),
        lerp(lerp(c001 - c000, c101 - c100, f.x), lerp(c011 - c010, c111 - c110, f.x), f.y));
    let steepness = length(gradient);
    // A flat cell has no direction out: up, in the mesh's frame.
    var normal = vec3f(0.0, 1.0, 0.0);
    if (steepness > 0.0) { normal = gradient / steepness; }
    return FieldSample(distance, normal);
}

// A mesh's contact (the core's contactWith(Mesh), src/collide.cpp): along the field's normal by
// what the particle lacks of the margin, and where that was more than a voxel, up to three more
// steps from where it got while it still lacks a hundredth of a voxel.
fn contactWithMesh(centerVoxel: vec4f, rotation: vec4f, originLayer: vec4f, size: vec3f, position: vec3f, margin: f32) -> Contact {
    let voxelMetres = centerVoxel.w;
    let local = rotate(vec4f(-rotation.xyz, rotation.w), position - centerVoxel.xyz);
    let first = sampleField(voxelMetres, originLayer, size, local);
    if (first.distance >= margin) { return noContact; }
    var push = first.normal * (margin - first.distance);
    var localNormal = first.normal;
    if (margin - first.distance > voxelMetres) {
        for (var step = 0; step < 3; step++) {
            let again = sampleField(voxelMetres, originLayer, size, local + push);
            let lacking = margin - again.distance;
            if (!(lacking > 0.01 * voxelMetres)) { break; }
            push = push + again.normal * lacking;
        }
        localNormal = push / length(push);
    }
    return Contact(true, position + rotate(rotation, push), rotate(rotation, localNormal));
}

fn shapePart(collider: u32, part: u32) -> vec4f {
    return substep.colliderShapes[collider * COLLIDER_SHAPE_VEC4S + part];
}

// The kinds of collider a pipeline can meet, a bit (1 << kind) each: every kind by default; the
// patch step's pipelines are made for the kinds the cloth has (web/backends/webgpu/patch-step.js),
// so the code of the others, the mesh's above all, is compiled out and holds no registers (64 x 64
// papers over a plane and a ball stepped 19 % faster on an H200).
override COLLIDER_KINDS: u32 = 0xffffffffu;

fn mayMeet(kind: i32) -> bool {
    return (COLLIDER_KINDS & (1u << u32(kind))) != 0u;
}

fn contactWith(collider: u32, position: vec3f, margin: f32) -> Contact {
    let kind = i32(substep.colliderKindFrictionDepenetration[collider].x);
    let first = shapePart(collider, 0u);
    if (mayMeet(COLLIDER_SPHERE) && kind == COLLIDER_SPHERE) { return contactWithBall(first.xyz, first.w, position, margin); }
    if (mayMeet(COLLIDER_PLANE) && kind == COLLIDER_PLANE) { return contactWithPlane(first, position, margin); }
    if (mayMeet(COLLIDER_CAPSULE) && kind == COLLIDER_CAPSULE) {
        return contactWithCapsule(first.xyz, shapePart(collider, 1u).xyz, first.w, position, margin);
    }
    if (mayMeet(COLLIDER_MESH) && kind == COLLIDER_MESH) {
        return contactWithMesh(first, shapePart(collider, 1u), shapePart(collider, 2u), shapePart(collider, 3u).xyz, position, margin);
    }
    if (mayMeet(COLLIDER_BOX) && kind == COLLIDER_BOX) {
        return contactWithBox(first.xyz, shapePart(collider, 1u).xyz, shapePart(collider, 2u), position, margin);
    }
    // Every kind the core has is one of the above (its COLLIDER_ constants), so none comes here
    // but a kind this pipeline was made without, which the cloth does not have.
    return noContact;
}
