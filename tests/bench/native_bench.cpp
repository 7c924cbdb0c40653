// Times the CPU solver natively for tests/bench/run.mjs, which writes the cases so that the native
// and the wasm side run the same ones, and prints the table.
//   usage: nuno_bench CASES.json
// CASES.json is an array of scenarios in the tests/fixtures format ({settings, colliders, steps}),
// whose steps are the warm-up, each with timedSteps: how many single fixed steps to time, and
// optionally threads: how many threads step it (1 when absent).
// Prints a JSON array, one {constraints, medianMs} per case in the same order.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <vector>

#include "json_setting_source.hpp"

namespace {

double medianOf(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2.0;
}

nlohmann::json timeCase(const nlohmann::json& benchCase) {
    const auto timedSteps = benchCase.at("timedSteps").get<std::size_t>();
    if (timedSteps == 0) throw std::invalid_argument("nuno_bench: 'timedSteps' must be at least 1");
    nuno::Cloth cloth = nuno::runScenario(benchCase);  // built, collider added, warmed up
    cloth.useThreads(std::make_shared<nuno::ThreadTeam>(benchCase.value("threads", 1)));
    cloth.stepFixed(1);  // the helpers started

    // Each step is timed alone so that the median discards steps hit by the OS or a page fault.
    std::vector<double> milliseconds(timedSteps);
    for (double& sample : milliseconds) {
        const auto start = std::chrono::steady_clock::now();
        cloth.stepFixed(1);
        sample = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
    return {{"constraints", cloth.topology().constraints.size()}, {"medianMs", medianOf(milliseconds)}};
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 2) {
        std::cerr << "usage: nuno_bench CASES.json\n";
        return 2;
    }
    try {
        std::ifstream input(argv[1]);
        nlohmann::json results = nlohmann::json::array();
        for (const auto& benchCase : nlohmann::json::parse(input)) results.push_back(timeCase(benchCase));
        std::cout << results.dump() << "\n";
    } catch (const std::exception& error) {
        std::cerr << error.what() << "\n";
        return 1;
    }
    return 0;
}
