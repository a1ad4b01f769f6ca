// The few lines of POSIX ustar the backup needs (regular files, short names), so a backup opens with any `tar` and no
// archive package is added. Not a general reader: links, long names and PAX headers are refused or skipped.
const BLOCK = 512;

export type TarFile = { name: string; data: Uint8Array; mode?: number; mtime?: Date };

export function writeTar(files: TarFile[]): Buffer {
  const parts: Buffer[] = [];
  for (const f of files) {
    if (Buffer.byteLength(f.name) > 99 || f.name.startsWith("/") || f.name.split("/").includes("..")) {
      throw new Error(`Unsupported tar entry name: ${f.name}`);
    }
    const header = Buffer.alloc(BLOCK);
    header.write(f.name, 0, 100, "utf8");
    header.write(octal(f.mode ?? 0o600, 8), 100, "ascii");
    header.write(octal(0, 8), 108, "ascii"); // uid
    header.write(octal(0, 8), 116, "ascii"); // gid
    header.write(octal(f.data.length, 12), 124, "ascii");
    header.write(octal(Math.floor((f.mtime ?? new Date()).getTime() / 1000), 12), 136, "ascii");
    header.write("        ", 148, "ascii"); // checksum counts as spaces while it is computed
    header.write("0", 156, "ascii"); // regular file
    header.write("ustar\u000000", 257, "binary");
    header.write(octal(checksum(header), 7), 148, "ascii");
    parts.push(header, Buffer.from(f.data), Buffer.alloc((BLOCK - (f.data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2)); // end of archive
  return Buffer.concat(parts);
}

export function readTar(archive: Uint8Array): TarFile[] {
  const buf = Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
  const files: TarFile[] = [];
  let at = 0;
  while (at + BLOCK <= buf.length) {
    const header = buf.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const stored = parseInt(field(header, 148, 8), 8);
    const blank = Buffer.from(header);
    blank.write("        ", 148, "ascii");
    if (stored !== checksum(blank)) throw new Error("Not a tar archive (bad header checksum)");
    const prefix = field(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(header, 0, 100);
    const size = parseInt(field(header, 124, 12) || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const start = at + BLOCK;
    if (start + size > buf.length) throw new Error("Truncated tar archive");
    if (type === "0" || type === "\0") {
      files.push({
        name,
        data: buf.subarray(start, start + size),
        mode: parseInt(field(header, 100, 8) || "0", 8),
        mtime: new Date(parseInt(field(header, 136, 12) || "0", 8) * 1000),
      });
    }
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

function octal(n: number, width: number): string {
  return `${n.toString(8).padStart(width - 1, "0")}\u0000`;
}

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw
    .subarray(0, end === -1 ? length : end)
    .toString("utf8")
    .trim();
}

function checksum(header: Buffer): number {
  return header.reduce((sum, b) => sum + b, 0);
}
