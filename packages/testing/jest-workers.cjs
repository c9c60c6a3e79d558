// What the jest configurations that run on workers (the backend's passes, the admin's unit tests) share.
module.exports = {
  // A worker that ran many files holds a large heap (the backend's PGlite memories, the admin's jsdom windows): its
  // exit, a few ms after jest's end message, took 590 to 830 ms more to reach jest on a loaded machine (the kernel
  // freeing that memory), past jest's default 500 ms, so jest killed workers already exiting and warned of a leak
  // ("A worker process has failed to exit gracefully"). A worker that keeps a handle open is still killed, after this
  // long, with the same warning.
  workerGracefulExitTimeout: 5000,
};
