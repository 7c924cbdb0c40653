// A few threads that share a step's loops: the per-particle stages and each red-black pass.
//
// forEachBand(count, work) calls work(band) on bands that cut [0, count) one per thread, the
// caller's first, and returns when every band is done; work must not throw. The work the core
// hands it never lets two bands write the same float, nor read one another band writes
// (particles are split, and a colour's constraints share no particle), so a cloth on any
// number of threads ends on the same bits as on one.
//
// Between the bands of a step the helpers spin, because a step hands out a hundred or more
// bands a millisecond apart and waking a sleeping thread costs about as much as a band. After
// kSpinMicroseconds without work they sleep, so an idle cloth costs nothing. One caller at a
// time: a team serves the cloths of one thread (in the browser, the page's).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace nuno {

// Part of a loop: indices begin, begin + 1, ..., end - 1.
struct Band {
    std::size_t begin;
    std::size_t end;
};

class ThreadTeam {
public:
    static constexpr int kMaxThreads = 16;

    // threadCount counts the caller: 1 runs everything on it, with no thread started.
    explicit ThreadTeam(int threadCount);
    ~ThreadTeam();
    ThreadTeam(const ThreadTeam&) = delete;
    ThreadTeam& operator=(const ThreadTeam&) = delete;

    // A team of one, for work too small to share.
    static ThreadTeam& alone();

    int threadCount() const { return static_cast<int>(helpers_.size()) + 1; }

    template <class Work>
    void forEachBand(std::size_t count, const Work& work) {
        run(count, &invokeWork<Work>, &work);
    }

private:
    // The part of [0, count) that thread `index` of `threads` takes.
    static Band bandOf(std::size_t count, int index, int threads) {
        const auto start = [&](int i) { return count * static_cast<std::size_t>(i) / static_cast<std::size_t>(threads); };
        return {start(index), start(index + 1)};
    }

    using Invoke = void (*)(const void* work, Band band);

    // noexcept: a band that threw would leave the others running on a frame that is gone.
    template <class Work>
    static void invokeWork(const void* work, Band band) noexcept {
        (*static_cast<const Work*>(work))(band);
    }

    void run(std::size_t count, Invoke invoke, const void* work);
    void serve(int index);
    void stopHelpers();
    void doBand(int index) const;

    static constexpr int kSpinMicroseconds = 500;

    // The job every thread reads once the generation moves on.
    Invoke invoke_ = nullptr;
    const void* work_ = nullptr;
    std::size_t count_ = 0;

    std::atomic<std::uint32_t> generation_{0};
    std::atomic<int> unfinished_{0};
    std::atomic<int> sleepers_{0};
    std::atomic<bool> stopping_{false};
    std::mutex sleepMutex_;
    std::condition_variable wake_;
    std::vector<std::thread> helpers_;
};

}  // namespace nuno
