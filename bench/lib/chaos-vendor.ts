import { startVendorStub, type ReceivedRequest, type StubReply } from "../../tests/support/vendor-stub";

export type FlowKind = "auto_approve" | "auto_reject" | "approve" | "reject";

/** The final state flow `i` must end in: a tenth approved by the vendor, a tenth rejected, the rest reviewed. */
export function flowKind(i: number): FlowKind {
  if (i % 10 === 0) return "auto_approve";
  if (i % 10 === 5) return "auto_reject";
  return i % 2 === 1 ? "approve" : "reject";
}

const KIND_DIGIT: Record<FlowKind, string> = { auto_approve: "1", auto_reject: "2", approve: "3", reject: "3" };

/** The flow's registration number: unique per flow (so vendor calls can be counted per flow), its last digit tells the stub what to answer. */
export function registrationNumber(i: number): string {
  return `${String(i).padStart(6, "0")}${KIND_DIGIT[flowKind(i)]}`;
}

/** The vendor's answer: name score 1.0 (auto approve), 0.3 (auto reject) or 0.7 (manual review), after 20–120 ms. */
function vendorReply(req: ReceivedRequest): StubReply {
  if (!req.path.startsWith("/registry/")) return { status: 200, body: {} };
  const reg = req.path.slice("/registry/".length);
  const score = { "1": 1, "2": 0.3 }[reg.slice(-1)] ?? 0.7;
  return {
    status: 200,
    delayMs: 20 + (Number(reg.slice(0, -1)) % 100),
    body: { business_details: { registered_name: "Registered Name Ltd", registration_number: reg }, name_fuzziness_score: score },
  };
}

/**
 * The vendor of the KYB flow's API plugin (`/registry/<number>`), the receiver of its webhook plugins
 * (`/hooks/finish`, `/hooks/fail`) and of the system webhooks (`/events`), on one local HTTP server that
 * records every request.
 */
export async function startChaosVendor() {
  const stub = await startVendorStub(vendorReply);
  return {
    ...stub,
    host: `127.0.0.1:${stub.port}`,
    /** Vendor calls made for each registration number. */
    vendorCalls(): Map<string, number> {
      const calls = new Map<string, number>();
      for (const r of stub.received) {
        if (r.path.startsWith("/registry/")) {
          const reg = r.path.slice("/registry/".length);
          calls.set(reg, (calls.get(reg) ?? 0) + 1);
        }
      }
      return calls;
    },
    /** System webhook deliveries received at /events: one entry per delivery attempt. */
    events(): { id: string; eventName: string; sequence: number; runtimeId: string }[] {
      return stub.received
        .filter((r) => r.path === "/events")
        .map((r) => {
          const body = r.body as { id?: string; eventName?: string; sequence?: number; workflowRuntimeId?: string };
          return { id: String(r.headers["webhook-id"] ?? body.id), eventName: String(body.eventName), sequence: Number(body.sequence), runtimeId: String(body.workflowRuntimeId) };
        });
    },
  };
}

export type ChaosVendor = Awaited<ReturnType<typeof startChaosVendor>>;
