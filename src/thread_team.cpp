#include "thread_team.hpp"

#include <time.h>

#include <algorithm>
#include <stdexcept>
#include <string>

#include "settings.hpp"

namespace nuno {

namespace {

// The count, once it is known to be one a team can have.
int requireThreadCount(int threadCount) {
    if (threadCount < 1 || threadCount > ThreadTeam::kMaxThreads) {
        failInput("threads", {"an integer in [1, ", ThreadTeam::kMaxThreads, "]"}, {threadCount});
    }
    return threadCount;
}

}  // namespace

ThreadTeam& ThreadTeam::alone() {
    static ThreadTeam team(1);
    return team;
}

#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)

// nuno-core, the single-thread module: no thread code is linked in.
ThreadTeam::ThreadTeam(int threadCount) {
    requireThreadCount(threadCount);
    if (threadCount > 1) {
        failInput("threads", {"1 in nuno-core (nuno-core-threads takes up to ", kMaxThreads, ")"}, {threadCount});
    }
}

ThreadTeam::~ThreadTeam() = default;

void ThreadTeam::run(std::size_t count, Invoke invoke, const void* work) { invoke(work, {0, count}); }

#else

namespace {

// Microseconds on the monotonic clock.
std::int64_t nowMicroseconds() {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return std::int64_t{now.tv_sec} * 1000000 + now.tv_nsec / 1000;
}

}  // namespace

ThreadTeam::ThreadTeam(int threadCount)
    : claims_(std::make_unique<PieceClaims[]>(static_cast<std::size_t>(requireThreadCount(threadCount)))) {
    helpers_.reserve(static_cast<std::size_t>(threadCount - 1));
    for (int index = 1; index < threadCount; ++index) {
        helpers_.push_back({this, index, {}});
        const int error = pthread_create(&helpers_.back().thread, nullptr, &ThreadTeam::serveHelper, &helpers_.back());
        if (error != 0) {
            // A thread the system would not start (the browser's worker pool is used up): the
            // ones already started end before the error goes on.
            helpers_.pop_back();
            stopHelpers();
            throw std::runtime_error("nuno: helper thread " + std::to_string(index) + " of " +
                                     std::to_string(threadCount - 1) + " could not be started (pthread_create error " +
                                     std::to_string(error) + ")");
        }
    }
}

ThreadTeam::~ThreadTeam() {
    stopHelpers();
    pthread_cond_destroy(&wake_);
    pthread_mutex_destroy(&sleepMutex_);
}

void* ThreadTeam::serveHelper(void* helper) {
    const Helper& self = *static_cast<const Helper*>(helper);
    self.team->serve(self.index);
    return nullptr;
}

void ThreadTeam::stopHelpers() {
    pthread_mutex_lock(&sleepMutex_);
    stopping_.store(true);
    generation_.fetch_add(1);
    pthread_mutex_unlock(&sleepMutex_);
    pthread_cond_broadcast(&wake_);
    for (const Helper& helper : helpers_) pthread_join(helper.thread, nullptr);
    helpers_.clear();
}

void ThreadTeam::run(std::size_t count, Invoke invoke, const void* work) {
    if (helpers_.empty() || count < 2 || jobsAlone_ > 0) {
        if (jobsAlone_ > 0) --jobsAlone_;
        invoke(work, {0, count});
        return;
    }
    const auto threads = static_cast<std::size_t>(threadCount());
    invoke_ = invoke;
    work_ = work;
    count_ = count;
    pieces_ = std::min(count, threads * kPiecesPerThread);
    piecesDone_.store(0, std::memory_order_relaxed);
    const std::uint32_t generation = generation_.load(std::memory_order_relaxed) + 1;
    for (std::size_t band = 0; band < threads; ++band) {
        claims_[band].word.store(pack(generation, static_cast<std::uint32_t>(partStart(pieces_, band, threads)),
                                      static_cast<std::uint32_t>(partStart(pieces_, band + 1, threads))),
                                 std::memory_order_release);
    }
    // Sequentially consistent with the sleepers' count: either a helper about to sleep sees the
    // new generation, or this sees it asleep and wakes it.
    generation_.store(generation);
    if (sleepers_.load() > 0) {
        pthread_mutex_lock(&sleepMutex_);
        pthread_cond_broadcast(&wake_);
        pthread_mutex_unlock(&sleepMutex_);
    }
    const std::size_t callersPieces = takePieces(0, generation);
    // What is left: pieces helpers have claimed and not finished, and helpers still looking
    // through the bands (each counts its pieces once, at the end). Yielding now and then lets
    // a helper that shares this core finish (natively: a 3-thread test on 2 cores took 10 s
    // without it, 0.05 s with it; in wasm it only runs queued calls).
    for (unsigned spins = 1; piecesDone_.load(std::memory_order_acquire) != pieces_; ++spins) {
        if (spins % 64 == 0) std::this_thread::yield();
    }
    // Helpers that took almost none of the pieces were not running when the jobs came: their
    // cores are busy with other programs, or the system gives this program one core's time.
    // Then their spinning between jobs only takes time the caller needs.
    windowPieces_ += pieces_;
    windowHelpersPieces_ += pieces_ - callersPieces;
    if (++windowJobs_ == kJobsPerShareWindow) {
        if (windowHelpersPieces_ * kFewestPiecesShare < windowPieces_) jobsAlone_ = kJobsAlone;
        windowJobs_ = 0;
        windowPieces_ = windowHelpersPieces_ = 0;
    }
}

int ThreadTeam::claimPiece(int band, std::uint32_t generation, bool fromFront) {
    std::atomic<std::uint64_t>& word = claims_[static_cast<std::size_t>(band)].word;
    std::uint64_t claims = word.load(std::memory_order_acquire);
    for (;;) {
        const auto front = static_cast<std::uint32_t>(claims >> 16 & 0xffff);
        const auto end = static_cast<std::uint32_t>(claims & 0xffff);
        if (static_cast<std::uint32_t>(claims >> 32) != generation || front >= end) return -1;
        const std::uint64_t taken = fromFront ? pack(generation, front + 1, end) : pack(generation, front, end - 1);
        // Acquire: the job's fields, written before this word, are read next.
        if (word.compare_exchange_weak(claims, taken, std::memory_order_acq_rel, std::memory_order_acquire)) {
            return static_cast<int>(fromFront ? front : end - 1);
        }
    }
}

std::size_t ThreadTeam::takePieces(int self, std::uint32_t generation) {
    const int threads = threadCount();
    std::size_t done = 0;
    for (int step = 0; step < threads; ++step) {
        // Its own band from the front, then the others' from their backs, farthest from where
        // their owners work (their owners keep the cache lines they have).
        const int band = (self + step) % threads;
        for (int piece; (piece = claimPiece(band, generation, step == 0)) >= 0; ++done) {
            const auto index = static_cast<std::size_t>(piece);
            invoke_(work_, {partStart(count_, index, pieces_), partStart(count_, index + 1, pieces_)});
        }
    }
    // Counted once, not per piece: the count's cache line is the one all threads write.
    if (done > 0) piecesDone_.fetch_add(done, std::memory_order_release);
    return done;
}

void ThreadTeam::serve(int index) {
    std::uint32_t seen = 0;
    for (;;) {
        // Spin while work comes often; the clock is read only now and then, being slow in wasm.
        const std::int64_t spinUntil = nowMicroseconds() + kSpinMicroseconds;
        std::uint32_t now = generation_.load(std::memory_order_acquire);
        for (unsigned spins = 1; now == seen; ++spins) {
            if (spins % 64 == 0) std::this_thread::yield();
            if (spins % 1024 == 0 && nowMicroseconds() > spinUntil) {
                pthread_mutex_lock(&sleepMutex_);
                sleepers_.fetch_add(1);
                while (generation_.load() == seen) pthread_cond_wait(&wake_, &sleepMutex_);
                sleepers_.fetch_sub(1);
                pthread_mutex_unlock(&sleepMutex_);
            }
            now = generation_.load(std::memory_order_acquire);
        }
        seen = now;
        if (stopping_.load()) return;
        takePieces(index, now);
    }
}

#endif

}  // namespace nuno
