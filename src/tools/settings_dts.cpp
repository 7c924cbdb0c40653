// Writes the settings part of a declarations file (web/model.d.ts) from the schema:
//   nuno_settings_dts FILE          rewrites the part between the markers, where it differs
//   nuno_settings_dts --check FILE  exits 1 where it differs
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "settings_typescript.hpp"

int main(int argc, char** argv) {
    const bool check = argc == 3 && std::string(argv[1]) == "--check";
    if (argc != 2 && !check) {
        std::cerr << "usage: nuno_settings_dts [--check] web/model.d.ts\n";
        return 2;
    }
    const std::string path = argv[argc - 1];
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "nuno_settings_dts: cannot read " << path << "\n";
        return 2;
    }
    std::ostringstream shipped;
    shipped << in.rdbuf();
    try {
        const std::string generated = nuno::withGeneratedSettings(shipped.str());
        if (generated == shipped.str()) return 0;
        if (check) {
            std::cerr << "nuno_settings_dts: the settings in " << path
                      << " differ from src/settings_schema.hpp; run scripts/build.sh\n";
            return 1;
        }
        std::ofstream(path, std::ios::binary) << generated;
        std::cout << "nuno_settings_dts: wrote the settings part of " << path << "\n";
        return 0;
    } catch (const std::exception& error) {
        std::cerr << "nuno_settings_dts: " << path << ": " << error.what() << "\n";
        return 2;
    }
}
