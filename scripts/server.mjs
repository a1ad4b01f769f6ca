// Production HTTP server for `npm start`: Next.js behind node:http so the client address comes from the socket.
// Next itself only fills X-Forwarded-For when the client did not send one, so a client could pick its own address and
// slip past the per-address sign-in limit. Here the header is rewritten before Next sees it: the socket address alone,
// or, behind a trusted reverse proxy (TRUST_PROXY=true), the proxy's chain with the socket address appended.
import { createServer } from "node:http";
import next from "next";

const port = Number(process.env.PORT ?? 3000);
const trustProxy = process.env.TRUST_PROXY === "true" || process.env.TRUST_PROXY === "1";
const app = next({ dev: false, hostname: "localhost", port });
const handle = app.getRequestHandler();

await app.prepare();
const server = createServer((req, res) => {
  const socketIp = req.socket.remoteAddress ?? "unknown";
  const chain = trustProxy ? req.headers["x-forwarded-for"] : undefined;
  req.headers["x-forwarded-for"] = chain ? `${chain}, ${socketIp}` : socketIp;
  handle(req, res);
});
server.listen(port, () => console.log(`Recepta ready on http://localhost:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
