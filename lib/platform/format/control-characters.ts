// Text that every store can hold. Postgres refuses U+0000 in text and jsonb outright (the write fails, and so would the
// request), and the other C0 controls, DEL, the noncharacters U+FFFE/U+FFFF and lone surrogates (which UTF-8 cannot
// encode) are never part of a name, a note or a transcript: they come from a fuzzer, a broken client or an attempt to
// smuggle something past a parser. Tab, line feed and carriage return are ordinary text (a multi-line message).
// Pure and framework-free: the HTTP edge refuses such text, provider payloads have it removed.
//
// The direction controls (embeddings and overrides U+202A–U+202E, isolates U+2066–U+2069) are invisible and reorder
// what is shown after them: a caller named "\u202Eelif.exe" reads as "exe.file", a text can make a link or an amount
// read backwards on the owner's screen and in a confirmation. Nobody sees them to take them out, so they are removed
// wherever text comes in (request and provider alike), never refused.

const FORBIDDEN_SOURCE =
  "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]";
const DIRECTION_SOURCE = "[\\u202A-\\u202E\\u2066-\\u2069]";
const FORBIDDEN = new RegExp(FORBIDDEN_SOURCE);
const REMOVED = new RegExp(`${FORBIDDEN_SOURCE}|${DIRECTION_SOURCE}`);
const REMOVED_ALL = new RegExp(`${FORBIDDEN_SOURCE}|${DIRECTION_SOURCE}`, "g");

export type JsonPath = (string | number)[];

/** True when `text` holds a character no stored text may hold. */
export function hasControlCharacters(text: string): boolean {
  return FORBIDDEN.test(text);
}

/** `text` without the characters no stored text may hold nor direction controls ("A\u0000B\u202E" → "AB"). */
export function stripControlCharacters(text: string): string {
  return REMOVED.test(text) ? text.replace(REMOVED_ALL, "") : text;
}

type Container = Record<string, unknown> | unknown[];

// Only what JSON.parse builds is walked: arrays and plain objects.
function isContainer(value: unknown): value is Container {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

type Node = { value: unknown; key: string | number | null; parent: Node | null };

function pathOf(node: Node, lastKey?: string): JsonPath {
  const path: JsonPath = lastKey === undefined ? [] : [lastKey];
  for (let n: Node | null = node; n && n.key !== null; n = n.parent) path.unshift(n.key);
  return path;
}

/**
 * The path to the first string (a value, or an object's key) holding a forbidden character, or null when there is none.
 * Iterative, and paths are only built for the finding: a 64 KB body can nest some 30 000 levels deep.
 */
export function findControlCharacters(value: unknown, pattern: RegExp = FORBIDDEN): JsonPath | null {
  const stack: Node[] = [{ value, key: null, parent: null }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === "string") {
      if (pattern.test(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (isContainer(v)) {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (pattern.test(key)) return pathOf(node, key);
        stack.push({ value: o[key], key, parent: node });
      }
    }
  }
  return null;
}

/**
 * A copy of a parsed JSON value with every forbidden character and direction control removed from its strings and keys;
 * the value itself when there is nothing to remove. For what a provider sends after its signature is checked (a
 * transcript with a stray NUL is still the call's transcript, stored rather than lost), and for a request once it is
 * known to hold nothing forbidden.
 */
export function withoutControlCharacters<T>(value: T): T {
  if (typeof value === "string") return stripControlCharacters(value) as T;
  if (!isContainer(value) || findControlCharacters(value, REMOVED) === null) return value;
  const shell = (c: Container): Container => (Array.isArray(c) ? [] : {});
  const root = shell(value);
  const stack: [Container, Container][] = [[value, root]];
  while (stack.length) {
    const [from, to] = stack.pop()!;
    const copy = (v: unknown): unknown => {
      if (typeof v === "string") return stripControlCharacters(v);
      if (!isContainer(v)) return v;
      const out = shell(v);
      stack.push([v, out]);
      return out;
    };
    if (Array.isArray(from)) {
      for (const v of from) (to as unknown[]).push(copy(v));
    } else {
      for (const [key, v] of Object.entries(from)) {
        // defineProperty, not assignment: a key that reads "__proto__" once cleaned stays a plain key.
        Object.defineProperty(to, stripControlCharacters(key), { value: copy(v), enumerable: true, writable: true, configurable: true });
      }
    }
  }
  return root as T;
}
