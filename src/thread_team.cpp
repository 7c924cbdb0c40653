#include "thread_team.hpp"

#include <chrono>
#include <string>

#include "settings.hpp"

namespace nuno {

namespace {

void requireThreadCount(int threadCount) {
    if (threadCount < 1 || threadCount > ThreadTeam::kMaxThreads) {
        failInput("threads", "an integer in [1, " + std::to_string(ThreadTeam::kMaxThreads) + "]",
                  std::to_string(threadCount));
    }
}

}  // namespace

ThreadTeam& ThreadTeam::alone() {
    static ThreadTeam team(1);
    return team;
}

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)

// nuno-core, the single-thread module: no thread code is linked in (the system errors of
// std::thread and std::mutex alone would bring 3 KB of strerror text past its size budget).
ThreadTeam::ThreadTeam(int threadCount) {
    requireThreadCount(threadCount);
    if (threadCount > 1) {
        failInput("threads", "1 in nuno-core (nuno-core-threads takes up to " + std::to_string(kMaxThreads) + ")",
                  std::to_string(threadCount));
    }
}

ThreadTeam::~ThreadTeam() = default;

void ThreadTeam::run(std::size_t count, Invoke invoke, const void* work) { invoke(work, {0, count}); }

#else

ThreadTeam::ThreadTeam(int threadCount) {
    requireThreadCount(threadCount);
    helpers_.reserve(static_cast<std::size_t>(threadCount - 1));
    try {
        for (int index = 1; index < threadCount; ++index) helpers_.emplace_back([this, index] { serve(index); });
    } catch (...) {
        // A thread the system would not start (the browser's worker pool is used up): the ones
        // already started end before the error goes on.
        stopHelpers();
        throw;
    }
}

ThreadTeam::~ThreadTeam() { stopHelpers(); }

void ThreadTeam::stopHelpers() {
    {
        const std::lock_guard<std::mutex> lock(sleepMutex_);
        stopping_.store(true);
        generation_.fetch_add(1);
    }
    wake_.notify_all();
    for (std::thread& helper : helpers_) helper.join();
    helpers_.clear();
}

void ThreadTeam::run(std::size_t count, Invoke invoke, const void* work) {
    if (helpers_.empty() || count < 2) {
        invoke(work, {0, count});
        return;
    }
    invoke_ = invoke;
    work_ = work;
    count_ = count;
    unfinished_.store(static_cast<int>(helpers_.size()), std::memory_order_relaxed);
    // Sequentially consistent with the sleepers' count: either a helper about to sleep sees the
    // new generation, or this sees it asleep and wakes it.
    generation_.fetch_add(1);
    if (sleepers_.load() > 0) {
        const std::lock_guard<std::mutex> lock(sleepMutex_);
        wake_.notify_all();
    }
    doBand(0);
    // Yielding now and then lets a helper that shares this core finish its band (natively: a
    // 3-thread test on 2 cores took 10 s without it, 0.05 s with it; in wasm it only runs
    // queued calls).
    for (unsigned spins = 1; unfinished_.load(std::memory_order_acquire) != 0; ++spins) {
        if (spins % 64 == 0) std::this_thread::yield();
    }
}

void ThreadTeam::doBand(int index) const { invoke_(work_, bandOf(count_, index, threadCount())); }

void ThreadTeam::serve(int index) {
    using Clock = std::chrono::steady_clock;
    std::uint32_t seen = 0;
    for (;;) {
        // Spin while work comes often; the clock is read only now and then, being slow in wasm.
        const Clock::time_point spinUntil = Clock::now() + std::chrono::microseconds(kSpinMicroseconds);
        std::uint32_t now = generation_.load(std::memory_order_acquire);
        for (unsigned spins = 1; now == seen; ++spins) {
            if (spins % 64 == 0) std::this_thread::yield();
            if (spins % 1024 == 0 && Clock::now() > spinUntil) {
                std::unique_lock<std::mutex> lock(sleepMutex_);
                sleepers_.fetch_add(1);
                wake_.wait(lock, [&] { return generation_.load() != seen; });
                sleepers_.fetch_sub(1);
            }
            now = generation_.load(std::memory_order_acquire);
        }
        seen = now;
        if (stopping_.load()) return;
        doBand(index);
        unfinished_.fetch_sub(1, std::memory_order_release);
    }
}

#endif

}  // namespace nuno
