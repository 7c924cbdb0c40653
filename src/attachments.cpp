#include "attachments.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "settings.hpp"

namespace nuno {

bool Attachments::set(const std::vector<double>& particles, const std::vector<double>& targets,
                      std::size_t particleCount) {
    if (targets.size() != 3 * particles.size()) {
        failInput("targets", {"x, y, z for each of the ", particles.size(), " particles"}, {targets.size(), " numbers"});
    }
    std::vector<Attachment> next;
    next.reserve(particles.size());
    // Both lists rise by particle: one walk finds where each particle kept came from.
    auto was = list_.begin();
    bool changed = particles.size() != list_.size();
    for (std::size_t i = 0; i < particles.size(); ++i) {
        const double particle = particles[i];
        const double above = i == 0 ? -1.0 : particles[i - 1];
        if (!(particle > above && particle < static_cast<double>(particleCount)) || particle != std::floor(particle)) {
            failInput("particles", {"integers in [0, ", particleCount - 1, "], each above the one before"},
                      i == 0 ? MessageText{particle} : MessageText{particle, " after ", above});
        }
        const glm::dvec3 target(targets[3 * i], targets[3 * i + 1], targets[3 * i + 2]);
        requireVector("targets", target, kMaxCoordinateMetres);
        const auto index = static_cast<std::uint32_t>(particle);
        while (was != list_.end() && was->particle < index) ++was;
        const bool kept = was != list_.end() && was->particle == index;
        changed = changed || !kept;
        next.push_back({index, kept ? was->from : Vec3(target), Vec3(target)});
    }
    list_ = std::move(next);
    return changed;
}

void Attachments::arrive() {
    for (Attachment& attachment : list_) attachment.from = attachment.to;
}

bool Attachments::contains(std::uint32_t particle) const {
    const auto at = std::lower_bound(list_.begin(), list_.end(), particle,
                                     [](const Attachment& a, std::uint32_t p) { return a.particle < p; });
    return at != list_.end() && at->particle == particle;
}

}  // namespace nuno
