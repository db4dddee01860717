// Runs body(i) for i in [0, n) on up to `threads` threads (0: every core). Each index runs once;
// the calls must not touch shared state without their own synchronisation. If a call throws, no
// further index is started, the threads are joined, and the first exception is rethrown to the
// caller (an exception escaping a thread would end the process).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace site {

template <class Body>
void parallel_for(std::size_t n, unsigned threads, const Body& body) {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    threads = unsigned(std::min<std::size_t>(threads, n));
    if (threads <= 1) {
        for (std::size_t i = 0; i < n; ++i) body(i);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr failure;
    std::mutex failure_mutex;
    auto work = [&] {
        try {
            for (std::size_t i; (i = next.fetch_add(1)) < n;) body(i);
        } catch (...) {
            next = n;
            const std::lock_guard<std::mutex> lock(failure_mutex);
            if (!failure) failure = std::current_exception();
        }
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
}

}  // namespace site
