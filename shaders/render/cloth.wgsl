// Cloth drawn by WebGPU (WebGpuClothRenderer), as cloth.vert.glsl and cloth.frag.glsl draw it
// with WebGL2: each particle fetched from the positions buffer (the WebGPU cloth's own, or the
// CPU cloth's written once a frame), its smooth normal from its grid neighbours (normals.wgsl,
// put in front by the renderer, with view.wgsl and torn-bits.wgsl), both faces lit. The vertex
// index is the particle: row * columns + column. Where the cloth has torn, the triangles (and in
// the wireframe the edges) a torn constraint bounded are left out, and the normals see no
// neighbour across it.

struct ClothLook {
    frontColor: vec3f, // sRGB
    backColor: vec3f,  // sRGB
    patchSize: vec2i,  // columns, rows of one patch (the grid's for one cloth)
    columns: i32,
    stride: u32,       // floats a particle in `positions`: 4 (the WebGPU cloth's vec4f) or 3 (xyz)
    patchColors: u32,  // 1: each patch its own shade
    rows: i32,
    tornPacked: u32,   // `torn`: 0 a u32 a particle (the WebGPU cloth's), 1 four particles' bytes a u32 (the CPU cloth's mask)
    edges: u32,        // 1: drawing the wireframe's lines
}

@group(0) @binding(1) var<uniform> look: ClothLook;
@group(0) @binding(2) var<storage, read> positions: array<f32>;
@group(0) @binding(3) var<storage, read> torn: array<u32>;

fn positionAt(texel: vec2i) -> vec3f {
    let first = u32(texel.y * look.columns + texel.x) * look.stride;
    return vec3f(positions[first], positions[first + 1u], positions[first + 2u]);
}

fn tornBitsAt(texel: vec2i) -> u32 {
    let particle = u32(texel.y * look.columns + texel.x);
    if (look.tornPacked == 0u) { return torn[particle]; }
    return (torn[particle / 4u] >> (8u * (particle % 4u))) & 0xffu;
}

struct ClothVarying {
    @builtin(position) clip: vec4f,
    @location(0) worldPosition: vec3f,
    @location(1) normal: vec3f,
    @location(2) patchTint: vec3f, // multiplies the cloth's colours: white, or a patch's shade
    @location(3) grid: vec2f,      // column, row: where on the grid the fragment lies
}

@vertex
fn clothVertex(@builtin(vertex_index) particle: u32) -> ClothVarying {
    let texel = vec2i(i32(particle) % look.columns, i32(particle) / look.columns);
    var out: ClothVarying;
    out.worldPosition = positionAt(texel);
    // Unit per particle before interpolation, exactly as the core's computeNormals.
    out.normal = gridNormal(texel, look.patchSize);
    // Patches numbered row-major over the layout; the golden ratio spreads neighbours' hues apart.
    let patchIndex = (texel.y / look.patchSize.y) * (look.columns / look.patchSize.x) + texel.x / look.patchSize.x;
    let hue = fract(f32(patchIndex) * 0.618034);
    out.patchTint = select(vec3f(1.0), 0.65 + 0.35 * cos(6.2831853 * (hue + vec3f(0.0, 0.333, 0.667))), look.patchColors != 0u);
    out.grid = vec2f(texel);
    out.clip = clipOf(out.worldPosition);
    return out;
}

// Whether the fragment's triangle, or in the wireframe its edge, has a torn side. Its grid cell
// (c, r) holds T1 = (top left, bottom left, top right), where the cell's x + y < 1, with the sides
// Down(c, r), Right(c, r) and DiagonalUp(c, r + 1), and T2 = (top right, bottom left, bottom
// right) with DiagonalUp(c, r + 1), Right(c, r + 1) and Down(c + 1, r) (src/topology.cpp's
// triangleIndicesOf). A fragment on the line two cells share may be taken for the other's: at
// worst a pixel of the gap's rim.
fn isTorn(grid: vec2f) -> bool {
    let cell = clamp(vec2i(floor(grid)), vec2i(0), vec2i(look.columns, look.rows) - 2);
    let inCell = grid - vec2f(cell);
    let topLeft = tornBitsAt(cell);
    let topRight = tornBitsAt(cell + vec2i(1, 0));
    let bottomLeft = tornBitsAt(cell + vec2i(0, 1));
    if (look.edges != 0u) {
        // The cell's side the fragment lies on: the nearest.
        let across = abs(inCell.x + inCell.y - 1.0);
        let nearest = min(min(min(inCell.x, 1.0 - inCell.x), min(inCell.y, 1.0 - inCell.y)), across);
        if (nearest == across) { return (bottomLeft & TORN_DIAGONAL_UP) != 0u; }
        if (nearest == inCell.y) { return (topLeft & TORN_RIGHT) != 0u; }
        if (nearest == 1.0 - inCell.y) { return (bottomLeft & TORN_RIGHT) != 0u; }
        if (nearest == inCell.x) { return (topLeft & TORN_DOWN) != 0u; }
        return (topRight & TORN_DOWN) != 0u;
    }
    if (inCell.x + inCell.y < 1.0) { return isTriangleTorn(topLeft, bottomLeft, 0); }
    return isTriangleTorn(topRight, bottomLeft, 1);
}

// Diffuse light wraps a little past the terminator, as it does through fabric.
const wrap = 0.3;

@fragment
fn clothFragment(in: ClothVarying, @builtin(front_facing) front: bool) -> @location(0) vec4f {
    if (isTorn(in.grid)) { discard; }
    // Interpolated normals are not unit length; a zero one (degenerate triangle) stays dark, not NaN.
    var normal = in.normal * inverseSqrt(max(dot(in.normal, in.normal), 1e-12));
    if (!front) { normal = -normal; }
    let albedo = pow(select(look.backColor, look.frontColor, front) * in.patchTint, vec3f(gamma));
    let diffuse = max((dot(normal, view.lightDirection) + wrap) / (1.0 + wrap), 0.0);
    let ambient = mix(pow(view.groundColor, vec3f(gamma)), pow(view.skyColor, vec3f(gamma)), 0.5 + 0.5 * normal.y);
    let toEye = normalize(view.eye - in.worldPosition);
    // A faint sheen at grazing angles reads as woven fibre rather than plastic.
    let sheen = pow(1.0 - max(dot(normal, toEye), 0.0), 4.0) * 0.15;
    let linear = albedo * (diffuse + ambient) + sheen;
    return vec4f(pow(linear, vec3f(1.0 / gamma)), 1.0);
}
