// zkmsm info: the library version, the commit the CLI was built from and which backends are usable here, as one JSON
// line.
#include <iostream>
#include <thread>

#include "build_commit.hpp"
#include "commands.hpp"
#include "knobs.hpp"

namespace zkmsm::cli {

Command add_info_command(CLI::App& app) {
  CLI::App* info = app.add_subcommand("info", "Print the version and the usable backends as one JSON line");
  return {info, [] {
            Json backends = Json::object();
            for (Backend backend : {Backend::cpu, Backend::cuda, Backend::vulkan})
              backends[backend_name(backend)] = backend_available(backend);
            Json json{{"version", zkmsm::version()},
                      {"commit", build_commit()},
                      {"backends", backends},
                      {"auto_backend", backend_name(resolve_backend(Backend::automatic))},
                      {"hardware_threads", std::thread::hardware_concurrency()}};
            std::cout << json.dump() << std::endl;
            return 0;
          }};
}

}  // namespace zkmsm::cli
