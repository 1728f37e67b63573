import { afterAll, beforeAll } from "vitest";
import { startWorker, type RunningWorker } from "@/lib/worker/worker";
import { allowOutbound, resetOutbound } from "./outbound";
import type { seedDefinition } from "./seed";
import { testProject, type TestProject } from "./test-project";
import { startVendorStub, type ReceivedRequest, type StubReply } from "./vendor-stub";

type VendorStub = Awaited<ReturnType<typeof startVendorStub>>;

/** A `testProject` with a local vendor server its plugins may call, and the worker that runs them. */
export type VendorProject = TestProject & { readonly stub: VendorStub; readonly worker: RunningWorker | undefined };

/**
 * The setup of an integration test file that runs flows against a vendor: `testProject` (a fresh database, the
 * project with the example's secrets and the given definitions, by default the example alone), a real local
 * vendor server answering with `vendor` and allowed for outgoing calls, and a worker polling every 50 ms (unless
 * `worker: false`). Everything is stopped after the file, the worker first.
 *
 * @example
 * const t = vendorProject("flow", { vendor: (req) => ({ status: 200, body: { name_fuzziness_score: 1 } }) });
 * it("…", async () => { await startRun(t.db, { …, context: runContext(t.stub.origin, "1") }) });
 */
export function vendorProject(
  projectId: string,
  options: {
    vendor?: (req: ReceivedRequest) => StubReply | Promise<StubReply>;
    definitions?: Parameters<typeof seedDefinition>[2][];
    secrets?: Record<string, string>;
    worker?: boolean;
  } = {},
): VendorProject {
  const t = testProject(projectId, {
    definitions: options.definitions ?? [{}],
    secrets: options.secrets ?? { REGISTRY_API_KEY: "k", WEBHOOK_TOKEN: "w" },
  });
  let stub: VendorStub | undefined;
  let worker: RunningWorker | undefined;
  beforeAll(async () => {
    stub = await startVendorStub(options.vendor);
    allowOutbound(`127.0.0.1:${stub.port}`);
    if (options.worker !== false) worker = await startWorker(t, { pollMs: 50 });
  });
  afterAll(async () => {
    await worker?.stop();
    await stub?.close();
    resetOutbound();
  });
  return new Proxy(t as VendorProject, {
    get(target, name) {
      if (name === "stub") {
        if (!stub) throw new Error("vendorProject: the vendor server starts in beforeAll; use it inside tests or hooks");
        return stub;
      }
      if (name === "worker") return worker;
      return Reflect.get(target, name);
    },
  });
}
