#include "page_arena.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define ACCELGUIDE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ACCELGUIDE_ASAN 1
#endif
#endif
#ifdef ACCELGUIDE_ASAN
#include <sanitizer/asan_interface.h>
#endif

namespace site::page_arena {
namespace {

// Under AddressSanitizer, the arena's unused bytes and headers are poisoned, so a read or write
// past an allocation, or into memory a scope gave back, is reported as it would be on the heap.
// poison(p, n, false) gives the bytes back to use.
void poison(const void* p, std::size_t n, bool poisoned = true) {
#ifdef ACCELGUIDE_ASAN
    if (poisoned) ASAN_POISON_MEMORY_REGION(p, n);
    else ASAN_UNPOISON_MEMORY_REGION(p, n);
#else
    (void)p, (void)n, (void)poisoned;
#endif
}
void unpoison(const void* p, std::size_t n) { poison(p, n, false); }

// Every allocation is preceded by a header holding its size (realloc copies that much) and is
// aligned like malloc's.
constexpr std::size_t kAlign = alignof(std::max_align_t);
constexpr std::size_t kHeader = kAlign;
constexpr std::size_t kBlockSize = std::size_t(1) << 20;  // most pages fit in one
constexpr std::size_t kBlocksKept = 4;                    // between pages, per thread

[[noreturn]] void out_of_memory() {
    std::fputs("accelguide: out of memory\n", stderr);
    std::abort();
}

struct Block {
    unsigned char* data;
    std::size_t size;
};

struct Arena {
    std::vector<Block> blocks;
    std::size_t block = 0;       // the block allocations come from
    std::size_t used = 0;        // bytes of it in use
    void* last = nullptr;        // the latest allocation, which may grow or shrink in place
    int depth = 0;               // scopes open

    ~Arena() {
        for (Block& b : blocks) release(b);
    }

    static void release(Block& b) {
        unpoison(b.data, b.size);
        std::free(b.data);
    }
};

thread_local Arena arena;

std::size_t padded(std::size_t size) {
    if (size > (std::size_t(-1) >> 2)) out_of_memory();
    return (size + kAlign - 1) & ~(kAlign - 1);
}

std::size_t size_of(void* p) {
    unsigned char* header = static_cast<unsigned char*>(p) - kHeader;
    std::size_t size;
    unpoison(header, sizeof size);
    std::memcpy(&size, header, sizeof size);
    poison(header, sizeof size);
    return size;
}

void set_size(void* p, std::size_t size) {
    unsigned char* header = static_cast<unsigned char*>(p) - kHeader;
    unpoison(header, sizeof size);
    std::memcpy(header, &size, sizeof size);
    poison(header, sizeof size);
}

void* bump(std::size_t size) {
    const std::size_t need = kHeader + padded(size);
    while (arena.block < arena.blocks.size() && arena.used + need > arena.blocks[arena.block].size) {
        ++arena.block;
        arena.used = 0;
    }
    if (arena.block == arena.blocks.size()) {
        const std::size_t block_size = std::max(kBlockSize, need);
        auto* data = static_cast<unsigned char*>(std::malloc(block_size));
        if (!data) out_of_memory();
        poison(data, block_size);
        arena.blocks.push_back({data, block_size});
        arena.used = 0;
    }
    unsigned char* p = arena.blocks[arena.block].data + arena.used;
    arena.used += need;
    arena.last = p + kHeader;
    set_size(arena.last, size);
    unpoison(arena.last, size);
    return arena.last;
}

}  // namespace

void* calloc(std::size_t count, std::size_t size) {
    if (size != 0 && count > std::size_t(-1) / size) out_of_memory();
    void* p = bump(count * size);
    std::memset(p, 0, count * size);
    return p;
}

void* realloc(void* p, std::size_t size) {
    if (!p) return bump(size);
    const std::size_t old = size_of(p);
    if (p == arena.last) {
        const auto* base = arena.blocks[arena.block].data;
        const std::size_t start = std::size_t(static_cast<unsigned char*>(p) - base);
        if (start + padded(size) <= arena.blocks[arena.block].size) {
            arena.used = start + padded(size);
            set_size(p, size);
            poison(p, padded(old));
            unpoison(p, size);
            return p;
        }
    } else if (size <= old) {
        return p;
    }
    void* q = bump(size);
    std::memcpy(q, p, std::min(old, size));
    return q;
}

void free(void* p) {
    if (p && p == arena.last) {
        poison(p, padded(size_of(p)));
        arena.used = std::size_t(static_cast<unsigned char*>(p) - arena.blocks[arena.block].data) - kHeader;
        arena.last = nullptr;
    }
}

Scope::Scope() : block_(arena.block), used_(arena.used) { ++arena.depth; }

Scope::~Scope() {
    for (std::size_t b = block_; b <= arena.block && b < arena.blocks.size(); ++b) {
        const std::size_t from = b == block_ ? used_ : 0;
        poison(arena.blocks[b].data + from, arena.blocks[b].size - from);
    }
    arena.block = block_;
    arena.used = used_;
    arena.last = nullptr;
    if (--arena.depth == 0 && arena.block == 0 && arena.used == 0) {
        // Keep a few standard blocks for the next page; one made for a single large request, or
        // more than a few, go back to the system.
        auto spare = std::stable_partition(arena.blocks.begin(), arena.blocks.end(),
                                           [](const Block& b) { return b.size == kBlockSize; });
        if (spare - arena.blocks.begin() > std::ptrdiff_t(kBlocksKept)) spare = arena.blocks.begin() + kBlocksKept;
        for (auto b = spare; b != arena.blocks.end(); ++b) Arena::release(*b);
        arena.blocks.erase(spare, arena.blocks.end());
        arena.block = 0;
        arena.used = 0;
    }
}

std::size_t reserved() {
    std::size_t total = 0;
    for (const Block& b : arena.blocks) total += b.size;
    return total;
}

}  // namespace site::page_arena
