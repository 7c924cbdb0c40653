// Tearing's state (src/tearing.hpp): per particle a u32 whose bit d is set once the constraint
// starting there in direction d has torn, d being src/topology.hpp's Direction (Right 0, Down 1,
// DiagonalDown 2, DiagonalUp 3; only these tear). Bending constraints are never stored: SkipRight
// (4) and SkipDown (5) live while both structural constraints they span do. Each module that
// includes this defines tornBitsAt(texel): the solver reads the cloth's copy in a texture
// (state.wgsl), the tear pass and the renderer the buffer itself (tear.wgsl, cloth.wgsl).

const TORN_RIGHT = 1u;
const TORN_DOWN = 2u;
const TORN_DIAGONAL_UP = 8u;
const TEARABLE_DIRECTIONS = 4u;
const DIRECTION_SKIP_RIGHT = 4u;
const DIRECTION_SKIP_DOWN = 5u;

// Whether a grid cell's triangle has a torn edge, as the core's TornConstraints::tearsTriangle
// (src/tearing.hpp) decides, from the bits of its first two corners: triangle 0 is (top left,
// bottom left, top right), with the top left's Down and Right and the bottom left's DiagonalUp;
// 1 is (top right, bottom left, bottom right), with the top right's Down and the bottom left's
// Right and DiagonalUp.
fn isTriangleTorn(first: u32, bottomLeft: u32, triangle: i32) -> bool {
    let right = select(bottomLeft, first, triangle == 0);
    return (first & TORN_DOWN) != 0u || (bottomLeft & TORN_DIAGONAL_UP) != 0u || (right & TORN_RIGHT) != 0u;
}
