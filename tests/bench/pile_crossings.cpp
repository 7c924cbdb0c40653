// The demo's pile (tests/native/pile_scene.hpp) dropped for 8 s natively, with the crossings of
// the cloth through itself (selfCrossings) every quarter second, the most of them, and the time a
// step took on average: the figures of docs/model.md's "Self-collision: what it guarantees".
//   usage: nuno_pile_crossings SIDE [THICKNESS_METRES]   (thickness: one grid spacing if absent)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "pile_scene.hpp"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: nuno_pile_crossings SIDE [THICKNESS_METRES]\n");
        return 2;
    }
    try {
        const int side = std::atoi(argv[1]);
        const float thickness = argc > 2 ? static_cast<float>(std::atof(argv[2])) : nuno::test::pileSpacing(side);
        nuno::Cloth cloth = nuno::test::pileOnTheFloor(side, thickness);
        std::size_t most = 0;
        double seconds = 0.0;
        for (int quarter = 1; quarter <= 32; ++quarter) {
            const auto start = std::chrono::steady_clock::now();
            cloth.stepFixed(15);
            seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            const std::size_t crossings = cloth.selfCrossings();
            most = std::max(most, crossings);
            std::printf("%.2f s: %zu crossings\n", quarter * 0.25, crossings);
        }
        std::printf("pile %dx%d, thickness %.1f mm: at most %zu crossings; %.2f ms a step\n", side, side,
                    thickness * 1000.0, most, seconds * 1000.0 / (32 * 15));
    } catch (const std::exception& error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 1;
    }
}
