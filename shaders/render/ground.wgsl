// Ground plane collider drawn by WebGPU, as ground.vert.glsl and ground.frag.glsl draw it with
// WebGL2: a unit square stretched over the plane around its anchor point; a lit floor with an
// anti-aliased grid, darkened under each sphere collider (analytic sky occlusion and a soft sun
// shadow), fading into the background with distance so the square reads as an endless floor.
// One slot of `plane` a plane (a dynamic offset).

const maxSpheres = 4;
const gridSpacing = 0.5; // metres between grid lines

struct Plane {
    point: vec3f,      // metres, a point of the plane
    normal: vec3f,     // unit
    tangent: vec3f,    // unit, in the plane
    bitangent: vec3f,  // unit, in the plane, across the tangent
    color: vec3f,      // sRGB
    lineColor: vec3f,  // sRGB
    background: vec3f, // sRGB, the clear colour the floor fades into
    halfExtent: f32,   // metres from the anchor point to the square's edge
    spheres: array<vec4f, maxSpheres>, // xyz centre, w radius, metres
    sphereCount: i32,
}

@group(1) @binding(0) var<uniform> plane: Plane;

struct GroundVarying {
    @builtin(position) clip: vec4f,
    @location(0) worldPosition: vec3f,
    @location(1) planar: vec2f, // metres along the tangent and bitangent from the anchor point
}

@vertex
fn groundVertex(@location(0) corner: vec2f) -> GroundVarying {
    var out: GroundVarying;
    out.planar = corner * plane.halfExtent;
    out.worldPosition = plane.point + out.planar.x * plane.tangent + out.planar.y * plane.bitangent;
    out.clip = clipOf(out.worldPosition);
    return out;
}

// How much of the sky a sphere hides from this point (Quilez's closed form for one sphere).
fn sphereOcclusion(sphere: vec4f, at: vec3f) -> f32 {
    let toCenter = sphere.xyz - at;
    let distanceSquared = dot(toCenter, toCenter);
    let cosine = dot(plane.normal, toCenter) * inverseSqrt(distanceSquared);
    return max(cosine, 0.0) * sphere.w * sphere.w / distanceSquared;
}

// 0 where a sphere blocks the sun, 1 clear of it, with a soft edge around the sphere's outline.
fn sunVisibility(sphere: vec4f, at: vec3f) -> f32 {
    let toCenter = sphere.xyz - at;
    let along = dot(toCenter, view.lightDirection);
    if (along <= 0.0) { return 1.0; }
    let missDistance = length(toCenter - along * view.lightDirection);
    return smoothstep(0.6 * sphere.w, 1.2 * sphere.w, missDistance);
}

@fragment
fn groundFragment(in: GroundVarying) -> @location(0) vec4f {
    let cell = in.planar / gridSpacing;
    // Line width in cells per pixel keeps lines one pixel wide at any distance, without aliasing.
    let lineDistance = abs(fract(cell - 0.5) - 0.5) / fwidth(cell);
    let line = 1.0 - min(min(lineDistance.x, lineDistance.y), 1.0);

    var visibleSky = 1.0;
    var visibleSun = 1.0;
    for (var i = 0; i < plane.sphereCount; i++) {
        visibleSky *= 1.0 - sphereOcclusion(plane.spheres[i], in.worldPosition);
        visibleSun *= sunVisibility(plane.spheres[i], in.worldPosition);
    }

    let albedo = pow(mix(plane.color, plane.lineColor, line * 0.35), vec3f(gamma));
    let diffuse = max(dot(plane.normal, view.lightDirection), 0.0);
    let lit = albedo * (0.6 * diffuse * visibleSun + pow(view.skyColor, vec3f(gamma))) * visibleSky;

    let fade = smoothstep(0.45 * plane.halfExtent, plane.halfExtent, length(in.planar));
    let linear = mix(lit, pow(plane.background, vec3f(gamma)), fade);
    return vec4f(pow(linear, vec3f(1.0 / gamma)), 1.0);
}
