// Preloaded (`node --import`) into the processes a chaos run starts: if the harness that started this process is
// gone (killed with SIGKILL, so it could not clean up), exit too rather than live on as an orphan server.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    process.kill(process.pid, "SIGKILL");
  }
}, 1000).unref();
