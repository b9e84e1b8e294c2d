import type { InstalledPeers } from "./install.ts";
import type { PeerSite } from "./pages.ts";

/** One tool the project is compared with: how its project is written, built and cleaned. */
export interface Peer {
  id: "eleventy" | "astro" | "hugo";
  label(installed: InstalledPeers, hugoVersion?: string): string;
  /** The built site, inside the peer's project. */
  out: string;
  /** What a cold build deletes first, inside the peer's project: its output and every cache. */
  clean: string[];
  /** Writes the peer's project for `site` into the empty folder `dir`. */
  write(dir: string, site: PeerSite, installed: InstalledPeers): Promise<void>;
  /** The whole build, from start to exit, as one command run in `dir`. */
  command(dir: string, installed: InstalledPeers): { argv: string[]; env?: Record<string, string> };
}
