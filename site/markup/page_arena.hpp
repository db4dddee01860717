// One thread's scratch memory for the page it is rendering: a bump allocator that cmark-gfm
// allocates from (markdown.cpp hands it to cmark as its `cmark_mem`).
//
// Rendering one page's Markdown makes and frees thousands of small nodes and buffers; through the
// C heap that was a quarter of the whole build's time on two threads (malloc and free, contended
// and fragmented by pages kept in memory). Here an allocation is a pointer bump in this thread's
// blocks and a free costs nothing: everything allocated inside a PageArenaScope is given back at
// once when it ends.
//
// The functions have the C heap's signatures, and like cmark's own allocator they abort when the
// system is out of memory (they are called from C code, which no exception may cross).
#pragma once

#include <cstddef>

namespace site::page_arena {

void* calloc(std::size_t count, std::size_t size);
/// Grows in place when `p` is this thread's latest allocation and its block has room.
void* realloc(void* p, std::size_t size);
/// Gives the memory back only when `p` is the latest allocation; otherwise the scope does.
void free(void* p);

/// While one lives, what this thread allocates from the arena is given back when it ends: every
/// pointer into it must be dead by then. Scopes nest; the outermost also returns spare blocks to
/// the system, so a thread keeps a few MB at most between pages.
class Scope {
public:
    Scope();
    ~Scope();
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

private:
    std::size_t block_, used_;
};

/// Bytes this thread's arena holds from the system (for tests).
std::size_t reserved();

}  // namespace site::page_arena
