// The pattern of the route that served a request ("/api/appointments/[id]"), read from its path and the params Next
// matched, for what is counted per route (lib/platform/metrics): a path carries ids, phone numbers and tokens, and one label
// value per path would grow without bound, so only the route's own folders and the names of its params are kept.

type Params = Record<string, string | string[] | undefined>;

// A route folder's name: lower-case words, an extension ("openapi.json"). Anything else in a path that no param
// accounts for (a params object that does not match the path) is not written out.
const FOLDER = /^[a-z][a-z0-9]*(-[a-z0-9]+)*(\.[a-z]+)?$/;
const UUID_LIKE = /[0-9a-f]{8}-[0-9a-f]{4}/i;

export function routePattern(url: string, params: Params = {}): string {
  let segments: string[];
  try {
    segments = new URL(url, "http://localhost").pathname.replace(/(.)\/+$/, "$1").split("/");
  } catch {
    return "[unparsable]";
  }
  // A catch-all's value is the path's last segments: they become the one "[...name]" of the route's folder, however
  // many there are.
  let tail: string | null = null;
  for (const [name, value] of Object.entries(params)) {
    if (!Array.isArray(value)) continue;
    segments = segments.slice(0, Math.max(1, segments.length - value.length));
    tail = `[...${name}]`;
  }
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) if (typeof value === "string" && value) names.set(value, name);
  const pattern = segments.map((segment, i) => {
    if (i === 0) return segment;
    const name = names.get(safeDecode(segment)) ?? names.get(segment);
    if (name) return `[${name}]`;
    return FOLDER.test(segment) && segment.length <= 40 && !UUID_LIKE.test(segment) ? segment : "[unknown]";
  });
  if (tail) pattern.push(tail);
  return pattern.join("/");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
