import { configEnvironment } from "../shared/config-keys.ts";
import { configSchema, type SiteConfig } from "../shared/config.ts";
import { BuildError, type Problem } from "./errors.ts";
import { dotted, parseYamlSource, schemaProblems, type YamlSource } from "./yaml-source.ts";

/** Validates the text of a config file; every problem is reported at its own line and column. */
export function validateConfig(file: string, text: string, env: NodeJS.ProcessEnv = {}): SiteConfig {
  let source: YamlSource;
  try {
    source = parseYamlSource(text, file);
  } catch (error) {
    const problem = (error as { problem?: Problem }).problem;
    if (!problem) throw error;
    throw new BuildError([{ ...problem, message: `invalid YAML: ${problem.message}; check indentation and quote values that contain a colon` }], {
      cause: error,
    });
  }
  const raw = source.value;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw new BuildError([{ file, line: 1, column: 1, message: "the config must be a YAML mapping of keys to values" }]);

  // The environment wins over the file; its problems name the variable, not a line.
  const overridden = new Map<string, string>();
  for (const [variable, keyPath] of Object.entries(configEnvironment)) {
    const value = env[variable];
    if (value === undefined) continue;
    let target = raw as Record<string, unknown>;
    for (const key of keyPath.slice(0, -1)) {
      if (typeof target[key] !== "object" || target[key] === null) target[key] = {};
      target = target[key] as Record<string, unknown>;
    }
    target[keyPath.at(-1)!] = value;
    overridden.set(keyPath.join("."), variable);
  }

  // Parsed once a build: without zod's generated fast path, which costs more to make than it saves
  // on one parse (the real site's config: 5-6 ms against 11-13 ms in a new process).
  const result = configSchema.safeParse(raw, { jitless: true });
  if (result.success) {
    const misplaced = placeProblem(result.data, source, file);
    if (misplaced) throw new BuildError([misplaced]);
    return result.data;
  }
  const problems = result.error.issues.flatMap((issue) => {
    const variable = overridden.get(issue.path.join("."));
    const missing = !variable && isMissing(raw, issue.path);
    const found = schemaProblems(source, file, [issue], (key, message) =>
      key ? `${key}: ${missing ? missingMessage(file, issue.path, message) : message}` : message,
    );
    return variable ? found.map((problem) => ({ file: `${variable} (environment)`, message: problem.message })) : found;
  });
  throw new BuildError(problems);
}

/** Where a country lies (south, west, north, east), for the countries whose shops this site is made for. */
const countryBounds: Record<string, readonly [number, number, number, number]> = {
  // From Gavdos to Evros, from Othonoi to Strongyli by Kastellorizo.
  GR: [34.7, 19.3, 41.8, 29.7],
};

/**
 * The shop's place outside its address's country: most often latitude and longitude swapped (the
 * map link and search engines then show the shop at sea or on another continent).
 */
function placeProblem(config: SiteConfig, source: YamlSource, file: string): Problem | undefined {
  const bounds = countryBounds[config.address.country];
  if (!bounds) return undefined;
  const [south, west, north, east] = bounds;
  const inside = (latitude: number, longitude: number) => latitude >= south && latitude <= north && longitude >= west && longitude <= east;
  const { latitude, longitude } = config.geo;
  if (inside(latitude, longitude)) return undefined;
  const { line, column } = source.positionOf(["geo", "latitude"]);
  const where = `latitude ${latitude}, longitude ${longitude} is not in ${config.address.country}, the address's country`;
  return {
    file,
    line,
    column,
    message: inside(longitude, latitude)
      ? `geo: ${where}: the two are swapped; write latitude: ${longitude} and longitude: ${latitude}`
      : `geo: ${where}; copy the shop's place from a map (in Google Maps, right-click the shop: latitude is the first number, longitude the second)`,
  };
}

/** Whether the key at `path` is not written in its mapping (`phone` left out, not `phone:` left empty). */
function isMissing(raw: object, path: readonly PropertyKey[]): boolean {
  const parent = path.slice(0, -1).reduce<unknown>((at, key) => (at as Record<PropertyKey, unknown> | undefined)?.[key], raw);
  return typeof parent === "object" && parent !== null && !Array.isArray(parent) && !(path.at(-1)! in parent);
}

/**
 * A key left out is reported where its mapping starts (the file's start for a key of the top):
 * the message says what to add, and where.
 */
function missingMessage(file: string, path: readonly PropertyKey[], message: string): string {
  const key = String(path.at(-1));
  const where = path.length > 1 ? `under ${dotted(path.slice(0, -1))}: in ${file}` : `to ${file}`;
  const rest = message.startsWith("is required") ? message.slice("is required".length) : `; it ${message}`;
  return `is required; add ${key}: ... ${where}${rest}`;
}
