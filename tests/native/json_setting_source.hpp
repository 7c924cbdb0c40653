// Settings from a JSON document, read by the same rules as the JS API (tests and tools only).
#pragma once

#include <nlohmann/json.hpp>

#include "cloth.hpp"
#include "setting_source.hpp"

namespace nuno {

class JsonSettingSource final : public SettingSource {
public:
    explicit JsonSettingSource(nlohmann::json document) : document_(std::move(document)) {}

    std::vector<std::string> keys() const override;
    bool isText(const std::string& key) const override;
    double number(const std::string& key) const override;
    std::string text(const std::string& key) const override;
    std::vector<double> numbers(const std::string& key) const override;
    std::unique_ptr<SettingSource> child(const std::string& key) const override;

private:
    nlohmann::json document_;
};

// Defaults overwritten by the document, then validated.
ClothSettings settingsFromJson(const nlohmann::json& document);

// A scenario: {"settings": {...}, "colliders": [{...}], "steps": N}; returns the cloth after N steps.
Cloth runScenario(const nlohmann::json& scenario);

}  // namespace nuno
