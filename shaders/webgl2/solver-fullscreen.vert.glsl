// Every solver pass draws one triangle that covers the whole state texture, so each fragment is
// one particle: texel (column, row) of the grid.
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
