#include "split_particles.hpp"

#include "float4.hpp"

namespace nuno {
namespace {

// One row of one axis: `from` holds the row's columns `stride` floats apart (3 in an xyz array,
// 1 in a float one), `to` its places: the even columns, then the odd ones. Not inlined: the
// compiler unrolls these loops, and a copy of them at each caller took 3 KB of the wasm module.
[[gnu::noinline]] void splitRow(const float* from, std::size_t stride, float* to, std::size_t columns) {
    const std::size_t evens = (columns + 1) / 2;
    for (std::size_t place = 0; place < evens; ++place) to[place] = from[2 * place * stride];
    for (std::size_t place = evens; place < columns; ++place) to[place] = from[(2 * (place - evens) + 1) * stride];
}

[[gnu::noinline]] void unsplitRow(const float* from, float* to, std::size_t stride, std::size_t columns) {
    const std::size_t evens = (columns + 1) / 2;
    for (std::size_t place = 0; place < evens; ++place) to[2 * place * stride] = from[place];
    for (std::size_t place = evens; place < columns; ++place) to[(2 * (place - evens) + 1) * stride] = from[place];
}

const float* axisOf(const std::vector<Vec3>& vectors, int axis) { return reinterpret_cast<const float*>(vectors.data()) + axis; }
float* axisOf(std::vector<Vec3>& vectors, int axis) { return reinterpret_cast<float*>(vectors.data()) + axis; }

}  // namespace

SplitVectors::SplitVectors(std::size_t length) : x(length, 0.0f), y(length, 0.0f), z(length, 0.0f) {}

void split(const Grid& grid, const std::vector<Vec3>& from, SplitVectors& to, Band rows) {
    const auto columns = static_cast<std::size_t>(grid.columns);
    float* const axes[3] = {to.x.data(), to.y.data(), to.z.data()};
    for (int axis = 0; axis < 3; ++axis) {
        for (std::size_t row = rows.begin; row < rows.end; ++row) {
            splitRow(axisOf(from, axis) + 3 * row * columns, 3, axes[axis] + row * columns, columns);
        }
    }
}

void split(const Grid& grid, const std::vector<float>& from, std::vector<float>& to, Band rows) {
    const auto columns = static_cast<std::size_t>(grid.columns);
    for (std::size_t row = rows.begin; row < rows.end; ++row) {
        splitRow(from.data() + row * columns, 1, to.data() + row * columns, columns);
    }
}

void unsplit(const Grid& grid, const SplitVectors& from, std::vector<Vec3>& to, Band rows) {
    const auto columns = static_cast<std::size_t>(grid.columns);
    const float* const axes[3] = {from.x.data(), from.y.data(), from.z.data()};
    for (int axis = 0; axis < 3; ++axis) {
        for (std::size_t row = rows.begin; row < rows.end; ++row) {
            unsplitRow(axes[axis] + row * columns, axisOf(to, axis) + 3 * row * columns, 3, columns);
        }
    }
}

bool allFinite(const SplitVectors& vectors) {
    // Four at a time, with no early exit: all but a rare step are finite throughout. x - x is 0
    // for a finite x, NaN for an infinite one or NaN.
    Mask4 nonFinite = noLanes();
    for (const std::vector<float>* axis : vectors.axes()) {
        const float* const values = axis->data();
        for (std::size_t i = 0; i < axis->size(); i += 4) {
            const Float4 value = Float4::load(values + i);
            nonFinite = nonFinite || value - value != Float4(0.0f);
        }
    }
    return !any(nonFinite);
}

}  // namespace nuno
