// The response kinds as schemas: each of response_fields.hpp's kKinds with its parts.
#include "planner/response_fields.hpp"

#include <iterator>

namespace planner {

const std::vector<ResponseSchema>& response_schemas() {
    static const std::vector<ResponseSchema> kinds = [] {
        std::vector<ResponseSchema> out;
        for (const results::ResultKind& k : results::kKinds)
            out.push_back({k.kind, k.doc, std::vector<FieldPart>(k.begin(), k.end())});
        return out;
    }();
    return kinds;
}

const ResponseSchema* response_schema(const std::string& kind) { return find_kind(response_schemas(), kind); }

const ResponseSchema& envelope_schema() {
    static const ResponseSchema envelope{"envelope", "every response's outside", {std::begin(results::kEnvelope), std::end(results::kEnvelope)}};
    return envelope;
}

}  // namespace planner
