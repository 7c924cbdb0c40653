// Tearing, read by the passes compiled with TEARING 1 (a cloth whose mask may hold a tear): each
// particle's texel of uTorn holds, in bits 0-3, whether the constraint it starts in the core's
// direction Right, Down, DiagonalDown or DiagonalUp (src/topology.hpp's Direction) has torn. The
// bending directions are not stored: a skip-one constraint lives while both structural ones it
// spans do, SkipRight at (c, r) over Right (c, r) and (c + 1, r), SkipDown over Down (c, r) and (c, r + 1).
// The tear pass (tear.frag.glsl) writes the mask once per fixed step; a torn constraint is skipped
// by both its particles, as if the partner were outside the grid.
#if TEARING
const int kRight = 0;
const int kDown = 1;
const int kDiagonalUp = 3;
const int kSkipRight = 4;
const int kSkipDown = 5;

uniform highp usampler2D uTorn;

uint tornBitsAt(ivec2 texel) { return texelFetch(uTorn, texel, 0).r; }

// Whether the constraint that starts at `first` in `direction` (which exists) is torn or, for
// bending, spans a torn one. A structural or shear direction reads one texel, a bending one two.
bool isTorn(ivec2 first, int direction) {
    if (direction < kSkipRight) return ((tornBitsAt(first) >> uint(direction)) & 1u) != 0u;
    int spanned = direction == kSkipRight ? kRight : kDown;
    ivec2 middle = first + (direction == kSkipRight ? ivec2(1, 0) : ivec2(0, 1));
    return (((tornBitsAt(first) | tornBitsAt(middle)) >> uint(spanned)) & 1u) != 0u;
}

// Whether a triangle of the cell whose top-left particle is `topLeft` has a torn edge, as the
// core's TornConstraints::tearsTriangle (src/tearing.hpp) decides: triangle 0 is (top left,
// bottom left, top right), with the top left's Down and Right and the bottom left's DiagonalUp;
// 1 is (top right, bottom left, bottom right), with the top right's Down and the bottom left's
// Right and DiagonalUp.
bool isTriangleTorn(ivec2 topLeft, int triangle) {
    uint first = tornBitsAt(topLeft + ivec2(triangle, 0));
    uint bottomLeft = tornBitsAt(topLeft + ivec2(0, 1));
    uint right = triangle == 0 ? first : bottomLeft;
    return (((first >> uint(kDown)) | (bottomLeft >> uint(kDiagonalUp)) | (right >> uint(kRight))) & 1u) != 0u;
}
#endif
