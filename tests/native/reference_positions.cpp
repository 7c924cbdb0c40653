// Runs each scenario of a JSON file and writes the positions it reaches as raw little-endian
// float32 (x, y, z per particle) to OUT_DIR/<name>.f32, for comparison with the wasm build.
#include <cstdio>
#include <fstream>
#include <iostream>

#include "json_setting_source.hpp"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: nuno_reference_positions SCENARIOS.json OUT_DIR\n";
        return 2;
    }
    try {
        std::ifstream input(argv[1]);
        for (const auto& scenario : nlohmann::json::parse(input)) {
            const nuno::Cloth cloth = nuno::runScenario(scenario);
            const std::string path = std::string(argv[2]) + "/" + scenario.at("name").get<std::string>() + ".f32";
            std::ofstream output(path, std::ios::binary);
            output.write(reinterpret_cast<const char*>(cloth.positions().data()),
                         static_cast<std::streamsize>(cloth.positions().size() * sizeof(nuno::Vec3)));
            std::cout << path << "\n";
        }
    } catch (const std::exception& error) {
        std::cerr << error.what() << "\n";
        return 1;
    }
    return 0;
}
