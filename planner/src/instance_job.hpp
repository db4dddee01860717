// What every estimate's stages share (training_job.hpp's Job, serving.cpp's ServingJob): the
// catalogue, the request, the instance it runs on and that instance's accelerator, and the result
// being filled. Private to the planner's estimators.
#pragma once

#include <vector>

#include "planner/catalogue.hpp"
#include "planner/error.hpp"

namespace planner {

template <class Request, class Result>
struct InstanceJob : Stages {
    const Catalogue& catalogue;
    const Request& req;
    const Instance* inst;
    const Accelerator& chip;
    Result& r;
    const int per_instance;  // accelerators per instance

    InstanceJob(const Catalogue& c, const Request& q, const Instance* i, Result& result, std::vector<FieldError>& e)
        : Stages(e), catalogue(c), req(q), inst(i), chip(c.accelerator_of(*i)), r(result),
          per_instance(int(i->accelerator_count.value)) {}
};

}  // namespace planner
