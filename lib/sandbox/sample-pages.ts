import { readFile } from "node:fs/promises";
import path from "node:path";
import { appOrigin } from "../config/app-origin";

/**
 * The sample document pages the sandbox serves (`GET /api/sandbox/sample-pages/{name}`), so the worked example's
 * documents can be viewed on the zero-setup start with no network. Made by `scripts/make-sample-pages.mjs`.
 */
export const SAMPLE_PAGES = {
  "certificate-of-incorporation.pdf": "application/pdf",
  "director-id.png": "image/png",
  "proof-of-address.jpg": "image/jpeg",
} as const;

export type SamplePageName = keyof typeof SAMPLE_PAGES;

const DIR = path.join(process.cwd(), "lib", "sandbox", "sample-pages");

/** The sample page's bytes and type, or null for a name that is not a sample. */
export async function readSamplePage(name: string): Promise<{ bytes: Buffer; type: string } | null> {
  if (!Object.hasOwn(SAMPLE_PAGES, name)) return null;
  return { bytes: await readFile(path.join(DIR, name)), type: SAMPLE_PAGES[name as SamplePageName] };
}

/** The address the app serves a sample page at (its own origin: allowed for outgoing requests in the sandbox). */
export function samplePageUrl(name: SamplePageName, origin = appOrigin()): string {
  return `${origin}/api/sandbox/sample-pages/${name}`;
}
