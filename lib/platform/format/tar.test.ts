import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTar, writeTar } from "./tar";

const hasTar = !spawnSync("tar", ["--version"]).error;

describe("tar", () => {
  const files = [
    { name: "recepta-backup.json", data: Buffer.from('{"format":1}'), mode: 0o644 },
    { name: "empty", data: Buffer.alloc(0) },
    { name: "pglite.tar", data: Buffer.alloc(1536 + 7, 9) }, // not a multiple of 512: padded
  ];

  it("reads back what it wrote, names, modes and bytes", () => {
    const back = readTar(writeTar(files));
    expect(back.map((f) => [f.name, f.mode, Buffer.from(f.data).toString("hex")])).toEqual(
      files.map((f) => [f.name, f.mode ?? 0o600, f.data.toString("hex")]),
    );
  });

  it.skipIf(!hasTar)("writes archives the system tar lists", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "recepta-tar-")), "a.tar");
    fs.writeFileSync(file, writeTar(files));
    const listed = spawnSync("tar", ["-tf", file], { encoding: "utf8" });
    expect(listed.status).toBe(0);
    expect(listed.stdout.trim().split("\n")).toEqual(files.map((f) => f.name));
  });

  it("refuses a corrupted header and unsafe names", () => {
    const archive = writeTar(files);
    archive[10] = archive[10]! ^ 0xff;
    expect(() => readTar(archive)).toThrow(/checksum/);
    expect(() => writeTar([{ name: "../escape", data: Buffer.alloc(1) }])).toThrow(/Unsupported/);
  });
});
