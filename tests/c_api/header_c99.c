/* Compiles zkmsm.h as strict C99 (see CMakeLists.txt); nothing here runs. */
#include "zkmsm/zkmsm.h"

int zkmsm_header_c99_check(void);
int zkmsm_header_c99_check(void) {
  zkmsm_config config;
  zkmsm_config_init(&config);
  return (int)sizeof(zkmsm_stats) + (int)config.backend;
}
