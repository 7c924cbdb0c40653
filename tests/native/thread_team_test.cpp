#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cloth.hpp"
#include "error_message.hpp"
#include "thread_team.hpp"

namespace nuno {
namespace {

TEST(ThreadTeam, PiecesCoverEveryIndexOnce) {
    for (int threads = 1; threads <= 4; ++threads) {
        ThreadTeam team(threads);
        for (std::size_t count : {0u, 1u, 2u, 3u, 7u, 33u, 1000u}) {
            for (int job = 0; job < 50; ++job) {
                std::vector<std::atomic<int>> visits(count);
                team.forEachBand(count, [&](Band band) {
                    for (std::size_t i = band.begin; i < band.end; ++i) ++visits[i];
                });
                for (std::size_t i = 0; i < count; ++i) {
                    ASSERT_EQ(visits[i], 1) << threads << " threads, index " << i << " of " << count;
                }
            }
        }
    }
}

TEST(ThreadTeam, AHeldUpHelpersPiecesAreTakenByTheCaller) {
    // The helper's band is [500, 1000). The helper is held in its first piece until another
    // thread has run one of that band's later pieces: as when the system stops running a helper
    // in mid-job. The caller's own pieces wait until the helper is held, so that the helper is
    // the one held. Without taking pieces from other bands the job would wait out the 10 s.
    ThreadTeam team(2);
    constexpr std::size_t kHelpersFirst = 500;
    const auto waitUntil = [](const std::atomic<bool>& flag) {
        const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (!flag.load() && std::chrono::steady_clock::now() < giveUp) std::this_thread::yield();
    };
    std::atomic<bool> helperHeld{false};
    std::atomic<bool> takenFromHelper{false};
    const std::thread::id caller = std::this_thread::get_id();
    team.forEachBand(1000, [&](Band band) {
        const bool onCaller = std::this_thread::get_id() == caller;
        if (band.begin < kHelpersFirst) {
            waitUntil(helperHeld);
        } else if (band.begin == kHelpersFirst && !onCaller) {
            helperHeld.store(true);
            waitUntil(takenFromHelper);
        } else if (band.begin > kHelpersFirst && onCaller && helperHeld.load()) {
            takenFromHelper.store(true);
        }
    });
    EXPECT_TRUE(helperHeld.load()) << "the helper never ran its first piece";
    EXPECT_TRUE(takenFromHelper.load()) << "the caller ran none of the held helper's later pieces";
}

// Pieces of 20 µs, so that helpers which are asked take some.
void pieceOfWork() {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(20);
    while (std::chrono::steady_clock::now() < until) {
    }
}

// Runs a job of 16 pieces of 20 µs and returns how many pieces helpers ran. With
// `helpersLast`, a piece a helper runs ends only once the other 15 are done (or after 10 s),
// so a helper runs at most one piece a job: as a helper that gets its core only now and then.
int jobOfPieces(ThreadTeam& team, bool helpersLast) {
    constexpr int kPieces = 16;
    const std::thread::id caller = std::this_thread::get_id();
    std::atomic<int> piecesDone{0};
    std::atomic<int> helpersPieces{0};
    team.forEachBand(1000, [&](Band) {
        pieceOfWork();
        if (std::this_thread::get_id() != caller) {
            ++helpersPieces;
            const auto giveUp = std::chrono::steady_clock::now() + std::chrono::seconds(10);
            while (helpersLast && piecesDone.load() < kPieces - 1 && std::chrono::steady_clock::now() < giveUp) {
                std::this_thread::yield();
            }
        }
        ++piecesDone;
    });
    return helpersPieces.load();
}

TEST(ThreadTeam, HelpersThatTakeFewPiecesAreLeftOutForAWhileThenAskedAgain) {
    ThreadTeam team(2);
    int piecesByLateHelpers = 0;
    for (int i = 0; i < 200; ++i) piecesByLateHelpers += jobOfPieces(team, true);
    EXPECT_GT(piecesByLateHelpers, 0) << "the helper never ran a piece";
    // The window of 128 jobs saw at most 128 of 2,048 pieces run by the helper: the caller runs
    // the next 2,000 jobs alone, of which 72 went above.
    for (int i = 0; i < 100; ++i) ASSERT_EQ(jobOfPieces(team, false), 0) << "job " << i << " after the late helper's";
    bool askedAgain = false;
    for (int i = 0; i < 5000 && !askedAgain; ++i) askedAgain = jobOfPieces(team, false) > 0;
    EXPECT_TRUE(askedAgain) << "the helpers took no piece in 5,000 jobs after the caller's jobs alone";
}

TEST(ThreadTeam, EachJobSeesEverythingTheJobBeforeWrote) {
    // Each job reads, mirrored, what the job before wrote, so most of its reads fall in bands
    // other threads wrote: a hand-off that returned before every band finished, or published a
    // job before its data, shows as a sum that differs from the caller's own.
    const auto run = [](ThreadTeam& team) {
        std::vector<long> previous(999, 1);
        std::vector<long> next(previous.size());
        for (int job = 1; job <= 4000; ++job) {
            team.forEachBand(next.size(), [&](Band band) {
                for (std::size_t i = band.begin; i < band.end; ++i) next[i] = previous[previous.size() - 1 - i] % 1009 + static_cast<long>(i) + job;
            });
            previous.swap(next);
            // Now and then a pause, so the helpers fall asleep and must be woken.
            if (job % 1000 == 0) std::this_thread::sleep_for(std::chrono::milliseconds(3));
        }
        return previous;
    };
    ThreadTeam three(3);
    EXPECT_EQ(run(three), run(ThreadTeam::alone()));
}

TEST(ThreadTeam, ACountOutsideItsRangeIsRefusedByName) {
    for (int threads : {0, -1, ThreadTeam::kMaxThreads + 1}) {
        EXPECT_EQ(test::errorMessageOf([&] { ThreadTeam team(threads); }),
                  "nuno: 'threads' must be an integer in [1, 16], got " + std::to_string(threads));
    }
}

bool sameBits(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Vec3)) == 0;
}

std::vector<Vec3> positionsAfterSteps(const ClothSettings& settings, int threads, int steps) {
    Cloth cloth(settings);
    cloth.useThreads(std::make_shared<ThreadTeam>(threads));
    cloth.addCollider({Sphere{Vec3(0.0f, 0.6f, 0.15f), 0.25f}, 0.3f});
    cloth.addCollider({Plane{Vec3(0.0f, 1.0f, 0.0f), -0.2f}, 0.5f});
    cloth.stepFixed(steps);
    EXPECT_EQ(cloth.threadCount(), static_cast<std::size_t>(settings.particleCount()) >= Cloth::kParticlesWorthThreads ? threads : 1);
    return cloth.positions();
}

struct ThreadedCase {
    const char* name;
    SolverKind solver;
    Ordering ordering;
    int iterations;
    bool gusts;
    float selfCollisionThickness;
    int patchColumns;
};

TEST(ThreadTeam, AClothOnTwoOrThreeThreadsEndsOnTheBitsOfOne) {
    const ThreadedCase cases[] = {
        {"xpbd red-black", SolverKind::Xpbd, Ordering::RedBlack, 1, false, 0.0f, 0},
        {"xpbd red-black 3 iterations, gusts", SolverKind::Xpbd, Ordering::RedBlack, 3, true, 0.0f, 0},
        {"pbd red-black", SolverKind::Pbd, Ordering::RedBlack, 2, false, 0.0f, 0},
        {"mass-spring red-black", SolverKind::MassSpring, Ordering::RedBlack, 1, true, 0.0f, 0},
        {"xpbd gauss-seidel", SolverKind::Xpbd, Ordering::GaussSeidel, 2, false, 0.0f, 0},
        {"pbd jacobi", SolverKind::Pbd, Ordering::Jacobi, 2, false, 0.0f, 0},
        {"xpbd self-collision", SolverKind::Xpbd, Ordering::RedBlack, 1, false, 0.012f, 0},
        {"xpbd patches", SolverKind::Xpbd, Ordering::RedBlack, 1, true, 0.0f, 9},
    };
    for (const ThreadedCase& c : cases) {
        ClothSettings settings;
        // Odd sides, so particle bands end mid-row and runs end mid-chunk.
        settings.columns = 81;
        settings.rows = 63;
        settings.solver = c.solver;
        settings.ordering = c.ordering;
        settings.iterations = c.iterations;
        settings.substeps = 6;
        settings.wind = Vec3(1.5f, 0.0f, 0.8f);
        if (c.gusts) settings.windGustSpeed = 1.0f;
        settings.selfCollisionThickness = c.selfCollisionThickness;
        if (c.patchColumns > 0) {
            settings.patchColumns = c.patchColumns;
            settings.patchRows = 7;
            settings.pins = PinPreset::None;
        }
        const std::vector<Vec3> one = positionsAfterSteps(settings, 1, 20);
        EXPECT_TRUE(sameBits(positionsAfterSteps(settings, 2, 20), one)) << c.name << " on 2 threads";
        EXPECT_TRUE(sameBits(positionsAfterSteps(settings, 3, 20), one)) << c.name << " on 3 threads";
    }
}

TEST(ThreadTeam, ASmallClothStaysOnTheCallingThread) {
    ClothSettings settings;
    settings.columns = 63;
    settings.rows = 64;
    Cloth cloth(settings);
    cloth.useThreads(std::make_shared<ThreadTeam>(2));
    EXPECT_EQ(cloth.threadCount(), 1);
}

}  // namespace
}  // namespace nuno
