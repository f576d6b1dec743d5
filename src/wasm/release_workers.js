// Linked into the module with threads (--post-js, inside the module's scope): under node, a Web
// Worker of the thread pool is a worker thread that keeps the process alive after the program's
// last line. Module.releaseWorkers() unrefs every worker of the pool, so that node exits when the
// caller is done; web/zkmsm.mjs calls it after the module starts and after each call (a thread the
// pool lacked gets a new worker). In a browser it does nothing.
Module['releaseWorkers'] = function() {
  if (!ENVIRONMENT_IS_NODE) return;
  PThread.unusedWorkers.concat(PThread.runningWorkers).forEach(function(worker) {
    if (worker.unref) worker.unref();
  });
};
