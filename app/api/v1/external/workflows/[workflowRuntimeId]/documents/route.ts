import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { runtimeWrite } from "@/lib/api/runtime-write";
import { documentBodySchema } from "@/lib/api/schemas/documents";
import { addDocument, documentAnswer } from "@/lib/runtime/documents";

// POST /api/v1/external/workflows/{workflowRuntimeId}/documents – add a document (201, version 1, pending review)
export const POST = runtimeWrite("POST", "documents", { body: documentBodySchema }, async (db, target, body) => {
  const { runtime, document } = await addDocument(db, { ...target, document: body });
  return { status: 201, body: documentAnswer(runtime, document) };
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["POST"]);
