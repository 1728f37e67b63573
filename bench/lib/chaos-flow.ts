import type { ApiReply } from "./api-client";
import type { ChaosClient } from "./chaos-client";
import { flowKind, registrationNumber } from "./chaos-vendor";

export interface FlowOutcome {
  index: number;
  /** The runtime id the client was given. */
  runtimeId?: string;
  /** The state the client last saw. */
  state?: string;
  /** Why the flow stopped early (an unexpected answer, or retries that never succeeded). */
  error?: string;
  /** Retries answered 409 `event_not_accepted`: their event had been applied, yet its key did not replay. */
  reexecuted: number;
}

export interface FlowContext {
  client: ChaosClient;
  vendorOrigin: string;
  definitionId: string;
  /** Prefix of this run's Idempotency-Keys. */
  keyPrefix: string;
  /** Called after each successful write, the load's progress clock. */
  onWrite: () => void;
}

const API = "/api/v1/external/workflows";
const POLL_MS = 250;
const SETTLE_DEADLINE_MS = 180_000;

/** The entity id (`correlationId`) of flow `i`: two runtimes with one entity id are one flow run twice. */
export const entityIdOf = (i: number) => `chaos-${i}`;

/**
 * One KYB flow as an integrator drives it, each write with its own Idempotency-Key: `run`, `start` (with
 * `Prefer: wait`, then polling until the vendor call is in), and `approve`/`reject` when it reaches manual review.
 */
export async function runFlow(i: number, clientNo: number, ctx: FlowContext): Promise<FlowOutcome> {
  const outcome: FlowOutcome = { index: i, reexecuted: 0 };
  const { client } = ctx;
  const kind = flowKind(i);
  const fail = (step: string, reply: ApiReply) => {
    outcome.error = `${step}: ${reply.status} ${JSON.stringify(reply.json).slice(0, 300)}`;
    return outcome;
  };
  try {
    const run = await client.write(clientNo, `${API}/run`, runBody(i, ctx), `${ctx.keyPrefix}-${i}-run`);
    if (run.status !== 201) return fail("run", run);
    ctx.onWrite();
    const id = String(run.json.workflowRuntimeId);
    outcome.runtimeId = id;

    const event = async (name: string, headers: Record<string, string> = {}): Promise<ApiReply | null> => {
      const reply = await client.write(clientNo, `${API}/${id}/send-event`, { name }, `${ctx.keyPrefix}-${i}-${name}`, headers);
      if (reply.status === 409 && reply.json.code === "event_not_accepted") {
        outcome.reexecuted++;
        ctx.onWrite();
        return client.read(clientNo, `${API}/${id}`);
      }
      if (reply.status !== 200) {
        fail(`send-event ${name}`, reply);
        return null;
      }
      ctx.onWrite();
      return reply;
    };

    let view = await event("start", { prefer: "wait=10" });
    if (!view) return outcome;
    const deadline = performance.now() + SETTLE_DEADLINE_MS;
    while (view.json.state === "check_business_details" || view.json.state === "idle") {
      if (performance.now() > deadline) return fail(`waiting for the vendor call (${SETTLE_DEADLINE_MS / 1000} s)`, view);
      await new Promise((r) => setTimeout(r, POLL_MS));
      view = await client.read(clientNo, `${API}/${id}`);
      if (view.status !== 200) return fail("get runtime", view);
    }
    if (view.json.state === "manual_review") {
      if (kind !== "approve" && kind !== "reject") return fail(`expected ${kind}, reached manual review`, view);
      view = await event(kind);
      if (!view) return outcome;
    }
    outcome.state = String(view.json.state);
    return outcome;
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
    return outcome;
  }
}

/** The body of flow `i`'s `POST /workflows/run`: its entity, and the vendor and webhook URLs of `ctx`. */
export function runBody(i: number, ctx: Pick<FlowContext, "definitionId" | "vendorOrigin">) {
  return {
    workflowId: ctx.definitionId,
    context: {
      entity: {
        id: entityIdOf(i),
        type: "business",
        data: {
          companyName: `Chaos ${i} Ltd`,
          registrationNumber: registrationNumber(i),
          country: "GB",
          additionalInfo: { mainRepresentative: { firstName: "Ada", lastName: "Lovelace", email: `ada+${i}@chaos.example` } },
        },
      },
      documents: [],
      api_config: { url: `${ctx.vendorOrigin}/registry`, webhook_url: `${ctx.vendorOrigin}/hooks` },
    },
  };
}
