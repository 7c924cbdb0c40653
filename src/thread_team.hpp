// A few threads that share a step's loops: the per-particle stages and each red-black pass.
//
// forEachBand(count, work) calls work(band) on pieces that together cover [0, count) once, and
// returns when every piece is done; work must not throw. Each thread owns a band of pieces and
// takes them from its front; a thread whose band is done takes the pieces still waiting at the
// back of the others'. So a band that runs slow (a core shared with another program, a band
// with more contacts) is finished by whoever is free, and a helper the system has not run
// since the job began never holds the caller up: the caller takes its pieces too. Helpers
// that take almost no pieces are not getting a core when the jobs come (other programs have
// the cores, or the system gives this program one core's time), and their spinning between
// jobs would only take time from the caller: the caller then runs the next jobs alone for a
// while, and asks again. The work the
// core hands out never lets two pieces write the same float, nor read one another piece
// writes (particles are split, and a colour's constraints share no particle), so a cloth on
// any number of threads ends on the same bits as on one, whoever runs which piece.
//
// Between the jobs of a step the helpers spin, because a step hands out a hundred or more
// jobs a millisecond apart and waking a sleeping thread costs about as much as a band. After
// kSpinMicroseconds without work they sleep, so an idle cloth costs nothing. One caller at a
// time: a team serves the cloths of one thread (in the browser, the page's).
#pragma once

#include <pthread.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
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
    // Where a part of [0, count) cut into `parts` starts: part `index`'s first index.
    static std::size_t partStart(std::size_t count, std::size_t index, std::size_t parts) {
        return static_cast<std::size_t>(std::uint64_t{count} * index / parts);  // 64 bits: size_t is 32 in wasm
    }

    using Invoke = void (*)(const void* work, Band band);

    // noexcept: a band that threw would leave the others running on a frame that is gone.
    template <class Work>
    static void invokeWork(const void* work, Band band) noexcept {
        (*static_cast<const Work*>(work))(band);
    }

    // One thread's band of pieces, packed in one word so that a piece is claimed by one
    // compare-and-swap: the job's generation (a helper that wakes late claims nothing of a
    // later job), the next piece from the front, and the end of the pieces not yet taken.
    struct alignas(64) PieceClaims {
        std::atomic<std::uint64_t> word{0};
    };
    static constexpr std::uint64_t pack(std::uint32_t generation, std::uint32_t front, std::uint32_t end) {
        return std::uint64_t{generation} << 32 | std::uint64_t{front} << 16 | end;
    }
    // The piece taken from the front (the band's owner) or the back (anyone else) of band
    // `band` of job `generation`, or -1 when none is left.
    int claimPiece(int band, std::uint32_t generation, bool fromFront);
    // Runs pieces of job `generation`, its own band's first, until none is left to claim;
    // returns how many it ran.
    std::size_t takePieces(int self, std::uint32_t generation);

    void run(std::size_t count, Invoke invoke, const void* work);
    void serve(int index);
    void stopHelpers();

    // A helper thread and what it is started with. The threads are POSIX threads, and their
    // sleep a POSIX mutex and condition: std::thread, std::mutex and steady_clock report
    // failures as std::system_error, whose message (strerror, printf) was 13 KB of the
    // threaded wasm module.
    struct Helper {
        ThreadTeam* team;
        int index;
        pthread_t thread;
    };
    static void* serveHelper(void* helper);

    static constexpr int kSpinMicroseconds = 500;
    // Helpers that take fewer than one piece in kFewestPiecesShare over kJobsPerShareWindow
    // jobs (their fair share is most of them) are not getting a core when the jobs come: the
    // caller then goes on alone for kJobsAlone jobs (about 10 steps of a 128 x 128 cloth)
    // before it asks them again.
    static constexpr int kJobsPerShareWindow = 128;
    static constexpr std::size_t kFewestPiecesShare = 8;
    static constexpr int kJobsAlone = 2000;
    // Pieces per thread: enough that the last pieces even out the bands, few enough that a
    // piece is far more work than claiming it.
    static constexpr std::size_t kPiecesPerThread = 8;
    static_assert(kMaxThreads * kPiecesPerThread <= 0xffff, "a piece's index fits its 16 bits of a claims word");

    // The job, set before its generation is published and read by a thread only once it has
    // claimed a piece of it.
    Invoke invoke_ = nullptr;
    const void* work_ = nullptr;
    std::size_t count_ = 0;
    std::size_t pieces_ = 0;
    std::atomic<std::size_t> piecesDone_{0};
    // The caller's: jobs it still runs alone, and the pieces of the jobs since the last
    // look at the helpers' share.
    int jobsAlone_ = 0;
    int windowJobs_ = 0;
    std::size_t windowPieces_ = 0;
    std::size_t windowHelpersPieces_ = 0;
    std::unique_ptr<PieceClaims[]> claims_;  // one per thread

    std::atomic<std::uint32_t> generation_{0};
    std::atomic<int> sleepers_{0};
    std::atomic<bool> stopping_{false};
    pthread_mutex_t sleepMutex_ = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t wake_ = PTHREAD_COND_INITIALIZER;
    std::vector<Helper> helpers_;  // reserved once: each helper holds its own entry
};

}  // namespace nuno
