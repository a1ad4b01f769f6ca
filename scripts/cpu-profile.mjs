// Loaded with `node --import` (NODE_OPTIONS) by `npm run bench:receptionist -- --cpu-profile <dir>`: records a V8 CPU
// profile of each node process of the server from its start, written to <dir> (CPU_PROFILE_DIR) as
// <script>-<pid>.cpuprofile when it exits. Open one in Chrome DevTools (Performance) or VS Code; the server's chunks
// have source maps beside them, so frames read as our files. NODE_OPTIONS refuses --cpu-prof itself, hence the
// inspector.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  process.on("exit", () => {
    // An in-process inspector session answers synchronously: the profile is written before the process is gone.
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      const name = `${path.basename(process.argv[1] || "node")}-${process.pid}.cpuprofile`;
      fs.writeFileSync(path.join(dir, name), JSON.stringify(result.profile));
    });
  });
}
