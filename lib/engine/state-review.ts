import { isPlainObject, pointer } from "./json-utils";
import type { StateEntry } from "./state-tree";

type Report = (pointer: string, code: string, message: string) => void;

/** A state's four-eyes rule (`meta.review`), with its defaults applied. */
export interface ReviewRule {
  /** Distinct people whose approvals move the case (1–10). */
  approvals: number;
  /** Distinct people whose rejections move the case (1–10, default 1). */
  rejections: number;
  /** Team names (matched case-insensitively) whose members may decide; empty: any reviewer or admin. */
  teams: string[];
  /** Whether the person who created the case or changed its data may approve it (default false). */
  allowSelfApproval: boolean;
}

/** What a reviewer's event counts as on a four-eyes state: an approval, a rejection, or neither (a revision request). */
export type VoteKind = "approve" | "reject";

const KEYS = ["approvals", "rejections", "teams", "allowSelfApproval"];
const MAX_VOTES = 10;
const MAX_TEAMS = 20;
const MAX_TEAM_NAME = 100;

/**
 * The `meta.review` of a validated state, defaults applied, or null when the state has none.
 *
 * @example
 * reviewRuleOf({ review: { approvals: 2, teams: ["senior"] } })
 * // { approvals: 2, rejections: 1, teams: ["senior"], allowSelfApproval: false }
 */
export function reviewRuleOf(meta: unknown): ReviewRule | null {
  const review = isPlainObject(meta) ? meta.review : undefined;
  if (!isPlainObject(review) || typeof review.approvals !== "number") return null;
  return {
    approvals: review.approvals,
    rejections: typeof review.rejections === "number" ? review.rejections : 1,
    teams: Array.isArray(review.teams) ? review.teams.map((t) => String(t).trim()) : [],
    allowSelfApproval: review.allowSelfApproval === true,
  };
}

/**
 * Which vote a reviewer's event casts on a four-eyes state: events named like `approve` approve, like `reject`
 * reject; any other event (`revision`) is no vote and decides at once.
 *
 * @example
 * voteKindOf("approve") // "approve"
 * voteKindOf("revision") // null
 */
export function voteKindOf(event: string): VoteKind | null {
  if (/approv/i.test(event)) return "approve";
  if (/reject/i.test(event)) return "reject";
  return null;
}

/**
 * Reports a `meta.review` that is not `{ approvals, rejections?, teams?, allowSelfApproval? }` with whole
 * numbers from 1 to 10, team names as non-empty strings, on a state reviewers decide in (not final, no children).
 */
export function checkReview(entry: StateEntry, review: unknown, report: Report): void {
  const at = pointer(entry.pointer, "meta", "review");
  const shape = `'meta.review' of '${entry.path}' must be { "approvals": 2, "rejections": 1, "teams": ["senior"], "allowSelfApproval": false } (only approvals is required)`;
  if (!isPlainObject(review)) return report(at, "review_invalid", shape);
  if (entry.json.type === "final") report(at, "review_invalid", `final state '${entry.path}' decides nothing; remove 'meta.review'`);
  else if (entry.childNames.length > 0) report(at, "review_invalid", `'meta.review' belongs on the state reviewers decide in; move it from compound state '${entry.path}' to its child states`);
  for (const key of Object.keys(review)) {
    if (!KEYS.includes(key)) report(pointer(at, key), "review_invalid", `'meta.review' takes ${KEYS.join(", ")} only; remove '${key}'`);
  }
  if (review.approvals === undefined) report(pointer(at, "approvals"), "review_invalid", `'meta.review' of '${entry.path}' needs 'approvals': how many distinct people must approve (1 to ${MAX_VOTES})`);
  else checkCount(review.approvals, pointer(at, "approvals"), "approvals", report);
  if (review.rejections !== undefined) checkCount(review.rejections, pointer(at, "rejections"), "rejections", report);
  if (review.allowSelfApproval !== undefined && typeof review.allowSelfApproval !== "boolean") {
    report(pointer(at, "allowSelfApproval"), "review_invalid", "'meta.review.allowSelfApproval' must be true or false");
  }
  if (review.teams !== undefined) checkTeams(review.teams, pointer(at, "teams"), report);
}

function checkCount(value: unknown, at: string, key: string, report: Report): void {
  if (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_VOTES) return;
  report(at, "review_invalid", `'meta.review.${key}' must be a whole number from 1 to ${MAX_VOTES}; got ${JSON.stringify(value)}`);
}

function checkTeams(teams: unknown, at: string, report: Report): void {
  if (!Array.isArray(teams) || teams.length === 0 || teams.length > MAX_TEAMS) {
    return report(at, "review_invalid", `'meta.review.teams' must be a list of 1 to ${MAX_TEAMS} team names, e.g. ["senior"] (leave it out to let any reviewer decide)`);
  }
  const seen = new Set<string>();
  teams.forEach((team, i) => {
    const name = typeof team === "string" ? team.trim() : "";
    if (!name || name.length > MAX_TEAM_NAME) {
      report(pointer(at, i), "review_invalid", `a team name must be a non-empty string of at most ${MAX_TEAM_NAME} characters; got ${JSON.stringify(team)}`);
    } else if (seen.has(name.toLowerCase())) {
      report(pointer(at, i), "review_invalid", `team '${name}' is listed twice (names match case-insensitively); remove one`);
    }
    seen.add(name.toLowerCase());
  });
}
